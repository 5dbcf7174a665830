// FieldSet: which parts perf script prints for a sample, per output type (perf's output[] table
// without globals). Built from the defaults, then the -F/--fields option, then checked against
// the attr of the first event of each type (fields the samples cannot have are dropped unless
// the user asked for them explicitly, which is an error).
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "linux/perf_event.h"

namespace cperf {

enum Field : uint64_t {
  kFieldComm = 1ull << 0,
  kFieldTid = 1ull << 1,
  kFieldPid = 1ull << 2,
  kFieldTime = 1ull << 3,
  kFieldCpu = 1ull << 4,
  kFieldEvent = 1ull << 5,
  kFieldTrace = 1ull << 6,
  kFieldIp = 1ull << 7,
  kFieldSym = 1ull << 8,
  kFieldSymOff = 1ull << 9,
  kFieldDso = 1ull << 10,
  kFieldAddr = 1ull << 11,
  kFieldPeriod = 1ull << 12,
  kFieldMisc = 1ull << 13,   // the record's misc bits as letters (K, U, E, ...)
  kFieldFlags = 1ull << 14,
  kFieldSrcline = 1ull << 15,  // perf's srcline: "file.c:23" under each ip line
  kFieldBrstack = 1ull << 16,     // branch stack entries as addresses
  kFieldBrstackSym = 1ull << 17,  // ... as symbol+offset
  kFieldIregs = 1ull << 18,       // the interrupted registers (PERF_SAMPLE_REGS_INTR)
  kFieldUregs = 1ull << 19,       // the user registers (PERF_SAMPLE_REGS_USER)
  kFieldDataSrc = 1ull << 20,     // PERF_SAMPLE_DATA_SRC, raw and decoded
  kFieldWeight = 1ull << 21,      // PERF_SAMPLE_WEIGHT (or WEIGHT_STRUCT's first word)
  kFieldInsLat = 1ull << 22,      // WEIGHT_STRUCT's instruction latency
  kFieldRetireLat = 1ull << 23,   // WEIGHT_STRUCT's third word
  kFieldPhysAddr = 1ull << 24,
  kFieldDataPageSize = 1ull << 25,
  kFieldCodePageSize = 1ull << 26,
  kFieldDsoff = 1ull << 27,       // "(dso+0xoffset)"; implies dso
  kFieldCgroup = 1ull << 28,      // the cgroup's path from PERF_RECORD_CGROUP
  kFieldTod = 1ull << 29,         // wall-clock time from HEADER_CLOCK_DATA
  kFieldMachinePid = 1ull << 30,  // guest samples only (never in cperf's input)
  kFieldVcpu = 1ull << 31,
  kFieldCallindent = 1ull << 32,  // BTS events only: accepted, prints nothing here
  kFieldIpc = 1ull << 33,         // instruction/cycle counts of AUX samples: nothing here
  kFieldBrstackOff = 1ull << 34,  // branch stack as dso offsets
  kFieldInsn = 1ull << 35,
  kFieldInsnLen = 1ull << 36,
  kFieldBpfOutput = 1ull << 37,   // bpf-output events: a hex dump of the raw data
  kFieldSynth = 1ull << 38,
  kFieldMetric = 1ull << 39,
  kFieldSrccode = 1ull << 40,
  kFieldBrstackInsn = 1ull << 41,
  kFieldBrstackInsnLen = 1ull << 42,
  kFieldBrstackDisasm = 1ull << 43,
  kFieldDisasm = 1ull << 44,
  kFieldBrcntr = 1ull << 45,
};

// perf's output types: the attr types below 6, plus "synth" and "other" (dynamic PMUs).
enum OutputType { kOutHw = 0, kOutSw, kOutTrace, kOutHwCache, kOutRaw, kOutBreak, kOutSynth, kOutOther,
                  kOutTypes };

int output_type(uint32_t attr_type);

class FieldSet {
 public:
  FieldSet();
  // Applies one -F/--fields value. Returns an error message, or empty on success.
  std::string parse(const std::string& spec);
  // Drops default fields the attr's samples lack; returns an error for user-set ones.
  // pipe_callchain: a pipe-mode file whose events (so far) sample callchains, with callchains
  // shown; perf then turns on ip and sym for the type unless the user removed them ('-ip').
  // combined_branch_type: the OR of every event's branch_sample_type. auxtrace: the file has
  // HEADER_AUXTRACE (perf then takes the branch stack assembler fields without an ANY filter).
  std::string check(const perf_event_attr& attr, const std::string& evname, bool use_callchain,
                    bool pipe_callchain = false, uint64_t combined_branch_type = 0,
                    bool auxtrace = false);
  // check() has run for the type (it checks each type once).
  bool checked(int type) const { return checked_[type]; }

  uint64_t fields(int type) const { return fields_[type]; }
  bool has(int type, uint64_t f) const { return fields_[type] & f; }
  // Warnings parse() printed perf's way ("'trace' not valid for software events. Ignoring."),
  // one per line; the caller writes them to stderr.
  std::string take_warnings() { return std::exchange(warnings_, {}); }

 private:
  // perf's checks of sym, symoff, dso and srcline against the sample's addresses.
  std::string check_address_fields(int type, uint64_t sample_type) const;
  std::array<uint64_t, kOutTypes> fields_{};
  std::array<uint64_t, kOutTypes> user_set_{};
  std::array<uint64_t, kOutTypes> user_unset_{};
  // A -F without +/- has set the type's fields (a later one overrides them, and perf says so).
  std::array<bool, kOutTypes> requested_{};
  std::string warnings_;
  std::array<bool, kOutTypes> checked_{};
};

}  // namespace cperf
