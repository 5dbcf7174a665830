// cperf inject: copies a perf.data stream (file or pipe format, from a path or stdin) to a file
// or stdout, optionally adding build ids or merging deferred user callchains.
//
//   pass-through    every record goes out unchanged, unknown types and CALLCHAIN_DEFERRED
//                   included; COMPRESSED records stay compressed. Attrs and features are kept;
//                   converting between file and pipe format moves the tracing data and build
//                   ids between feature sections and their HEADER_* records.
//   --build-ids     a build-id record before the first sample hitting each DSO (--buildid-all:
//                   before each map), and a HEADER_BUILD_ID entry for those without one yet
//                   (inject/build_id_records.h). -b orders the records as perf's never
//                   flushed queue does (inject/itrace_order.h).
//   --merge-callchains  cperf's own: samples whose user callchain was deferred get it back
//                   inline (kernel part, PERF_CONTEXT_USER, user ips), CALLCHAIN_DEFERRED
//                   records are dropped and the defer bits cleared, so tools older than
//                   deferral read the file. Which record completes which sample follows perf
//                   7.2's merge (ordered by time, matched by tid + cookie); the samples keep
//                   their place in the stream.
//   --mmap2-buildid-all  perf 7.2's: every MMAP2 whose dso has a build id (the file's build-id
//                   table, else the running kernel's vdso for [vdso], else the file under
//                   --symfs) carries it instead of its device and inode numbers.
//   -B, --mmap2-buildids  perf 7.2's: mmap records are dropped; each map a sample (or its
//                   callchain) hits gets a build-id MMAP2 just before the first such sample,
//                   with that sample's thread, time and ids.
//   --aslr          perf 7.2's: the address-space layout is hidden (inject/aslr.h).
//   -s, --sched-stat  perf's: sched_stat_* samples become their task's last sched_switch
//                   sample (inject/sched_stat.h).
//   -j, --jit       perf's: the mapping of a jitdump file (jit-PID.dump) becomes an MMAP2 of
//                   an ELF file per function it lists (jitted-PID-N.so, written beside the
//                   dump), and later anonymous maps of that process go.
//   --itrace        perf 7.2's on a recording without instruction trace: records reordered
//                   and some dropped as perf's decoding pass leaves them (inject/itrace_order.h),
//                   the data moved to leave room for attrs; --strip drops samples too.
//   --convert-callchain  perf 7.2's: --call-graph dwarf samples get their user frames, unwound
//                   (--unwind-style: libdw or libunwind) as script shows them, in the callchain
//                   after PERF_CONTEXT_USER, and lose their registers and stack copy; their
//                   attrs drop REGS_USER/STACK_USER and exclude_callchain_user.
//
// Whenever the whole input must be seen before writing (pipe input going to a file, -b,
// --merge-callchains, --convert-callchain), stdin is first copied to a temporary file.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "inject/guest_data.h"
#include "unwind/sample_unwind.h"

namespace cperf {

struct InjectOptions {
  std::string input = "-";
  std::string output = "-";
  bool build_ids = false;
  bool buildid_all = false;
  bool merge_callchains = false;
  bool convert_callchain = false;
  bool mmap2_buildid_all = false;  // --mmap2-buildid-all
  bool mmap2_buildids = false;     // -B, --mmap2-buildids
  bool aslr = false;               // --aslr: see inject/aslr.h
  bool sched_stat = false;         // -s, --sched-stat: see inject/sched_stat.h
  std::string guestmount;          // --guestmount: see inject/guestmount_check.h
  bool jit = false;                // -j, --jit: see inject/jitdump.h
  bool itrace = false;             // --itrace: see inject/itrace_order.h
  bool strip = false;              // --strip (with --itrace)
  bool has_guest_data = false;     // --guest-data: see inject/guest_data.h
  GuestData guest_data;
  UnwindStyle unwind_style = UnwindStyle::kLibdw;
  std::string symfs;  // where --convert-callchain finds the binaries (cperf's addition)
  // --known-build-ids (inject/known_build_ids.h): with -b/--buildid-all these dsos get no
  // build-id record, and the given id in the header's table.
  std::map<std::string, std::vector<uint8_t>> known_build_ids;
  bool force = false;
  int verbose = 0;
};

// Returns the exit status. Throws InputError on unreadable input.
int run_inject(const InjectOptions& o);

}  // namespace cperf
