// FieldSet: which parts perf script prints for a sample, per output type (perf's output[] table
// without globals). Built from the defaults, then the -F/--fields option, then checked against
// the attr of the first event of each type (fields the samples cannot have are dropped unless
// the user asked for them explicitly, which is an error).
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "linux/perf_event.h"

namespace cperf {

enum Field : uint32_t {
  kFieldComm = 1u << 0,
  kFieldTid = 1u << 1,
  kFieldPid = 1u << 2,
  kFieldTime = 1u << 3,
  kFieldCpu = 1u << 4,
  kFieldEvent = 1u << 5,
  kFieldTrace = 1u << 6,
  kFieldIp = 1u << 7,
  kFieldSym = 1u << 8,
  kFieldSymOff = 1u << 9,
  kFieldDso = 1u << 10,
  kFieldAddr = 1u << 11,
  kFieldPeriod = 1u << 12,
  kFieldMisc = 1u << 13,   // the record's misc bits as letters (K, U, E, ...)
  kFieldFlags = 1u << 14,
  kFieldSrcline = 1u << 15,  // perf's srcline: "file.c:23" under each ip line
  kFieldBrstack = 1u << 16,     // branch stack entries as addresses
  kFieldBrstackSym = 1u << 17,  // ... as symbol+offset
  kFieldIregs = 1u << 18,       // the interrupted registers (PERF_SAMPLE_REGS_INTR)
  kFieldUregs = 1u << 19,       // the user registers (PERF_SAMPLE_REGS_USER)
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
  std::string check(const perf_event_attr& attr, const std::string& evname, bool use_callchain,
                    bool pipe_callchain = false);

  uint32_t fields(int type) const { return fields_[type]; }
  bool has(int type, uint32_t f) const { return fields_[type] & f; }

 private:
  std::array<uint32_t, kOutTypes> fields_{};
  std::array<uint32_t, kOutTypes> user_set_{};
  std::array<uint32_t, kOutTypes> user_unset_{};
  std::array<bool, kOutTypes> checked_{};
};

}  // namespace cperf
