// LibunwindUnwinder: unwinds a sample's user stack copy (--call-graph dwarf) with libunwind's
// remote interface, the way perf's libunwind backend does (util/unwind-libunwind-local.c, the
// unwinder of perf 6.1 and of many distro builds; --unwind-style=libunwind):
//  - the first frame is the sampled IP; then libunwind steps while it can, up to max_stack
//    frames in all, and each frame's IP is taken one back (into the call instruction) unless
//    libunwind calls the frame a signal frame;
//  - unwind rules come from the .eh_frame_hdr binary-search table of the dso mapped at the IP,
//    read from its file (--symfs + path, else the build-id cache) and placed at
//    map.start - map.pgoff + file offset; addresses without such a table have no rules, and
//    the walk ends there;
//  - memory reads come from the stack copy ([SP, SP + size), a word ending exactly at the end
//    excluded, as in perf), else from the file of the dso mapped at the address;
//  - every frame is kept, also one without a map (perf prints it as [unknown]).
// One libunwind address space per process (MapSet), with libunwind's global caching; its
// cache is flushed when a map an unwind used has changed. Not thread-safe.
#pragma once
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "base/byte_reader.h"
#include "machine/machine.h"
#include "record/sample.h"
#include "symbol/symbol_options.h"
#include "unwind/dwarf_unwinder.h"
#include "unwind/unwind_memory.h"

namespace cperf {

class LibunwindUnwinder {
 public:
  explicit LibunwindUnwinder(const SymbolOptions& opts);
  ~LibunwindUnwinder();
  LibunwindUnwinder(const LibunwindUnwinder&) = delete;
  LibunwindUnwinder& operator=(const LibunwindUnwinder&) = delete;

  // As DwarfUnwinder::unwind: up to max_stack frames of thread t, innermost first.
  void unwind(const Thread& t, const RegsDump& regs, Bytes stack, bool swap, int max_stack,
              std::vector<UnwoundFrame>& out);

  // A dso's .eh_frame_hdr table as perf reads it: file offsets of the header (segbase) and of
  // its table, and the number of entries. found false: none.
  struct EhFrameHdr {
    bool found = false;
    uint64_t segbase = 0, table = 0, fde_count = 0;
  };
  const EhFrameHdr& eh_frame_hdr(const Dso& dso);

  struct Space;  // public for the libunwind accessors in the .cpp
  UnwindMemory& memory() { return memory_; }

 private:
  Space& space_for(const Thread& t);

  UnwindMemory memory_;
  std::unordered_map<const MapSet*, std::unique_ptr<Space>> spaces_;
  std::unordered_map<const Dso*, EhFrameHdr> eh_frame_hdrs_;
};

}  // namespace cperf
