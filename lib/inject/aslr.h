// inject --aslr (perf 7.2's): hides the address-space layout of the recorded machine. Each
// process's maps are laid out again from 0x200000 upwards in the order they were mapped, one
// page apart (no gap where the original maps touched); the kernel's from 0xffff800010000000
// (0x80000000 for a 32-bit kernel). Every segment of one file keeps its place relative to the
// others, so symbols resolve as before. What cannot be remapped is dropped:
//   - samples with raw data, a user stack copy, a physical address or AUX data, off-CPU samples,
//     samples whose callchain has an unknown context;
//   - user and interrupt registers (REGS_USER/REGS_INTR leave the attrs);
//   - TEXT_POKE and AUXTRACE/AUXTRACE_INFO/AUXTRACE_ERROR records;
//   - breakpoint addresses and kprobe/uprobe targets in the attrs.
// An address in no map becomes 0, and so does one in a map that a forked process inherited
// (only maps seen in that process's own MMAP records are remapped), as in perf 7.2.
// CALLCHAIN_DEFERRED records get their ips remapped (perf 7.2 drops them, and with them the
// user stacks of a deferred recording: Documentation/perf-inject.md).
#pragma once
#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "machine/machine.h"
#include "session/session.h"

namespace cperf {

// The attr as --aslr writes it.
perf_event_attr aslr_strip_attr(const perf_event_attr& attr);

// Whether --aslr drops a record of this type outright.
bool aslr_drops_record_type(uint32_t type);

// A record found again in the second read of the input: its offset (shared inside one
// COMPRESSED record) and a hash of its bytes. Entries under one key are taken in order.
using AslrKey = std::pair<uint64_t, uint64_t>;
AslrKey aslr_key(const RawRecord& rec);

struct AslrKeyHash {
  size_t operator()(const AslrKey& k) const { return k.first * 1000003u ^ k.second; }
};

// First pass, in time order: follows the original layout and notes how each MMAP, MMAP2,
// KSYMBOL, CALLCHAIN_DEFERRED and SAMPLE record goes out (nullopt: dropped).
class AslrRemapper : public SessionTool {
 public:
  // kernel_64: the recorded kernel is 64-bit (where the kernel's maps start). verbose: perf's
  // debug lines about addresses that could not be remapped and dropped samples.
  AslrRemapper(bool kernel_64, int verbose) : kernel_64_(kernel_64), verbose_(verbose) {}
  void record(Event& ev, Session& s) override;

  std::unordered_map<AslrKey, std::deque<std::optional<std::vector<std::byte>>>, AslrKeyHash> results;

 private:
  // perf's dso is its name and, from an MMAP2, its device and inode (or its build id): the same
  // file mapped again with another inode generation is another dso, laid out anew. `file_id`
  // hashes that id (0: none).
  struct RemapKey {
    const Dso* dso;
    uint64_t file_id;
    uint64_t invariant;
    int32_t pid;
    bool operator==(const RemapKey&) const = default;
  };
  struct RemapKeyHash {
    size_t operator()(const RemapKey& k) const {
      return std::hash<const void*>()(k.dso) ^ k.file_id ^ k.invariant * 31 ^ static_cast<uint32_t>(k.pid);
    }
  };

  uint64_t findnew_mapping(const Thread& t, bool kernel, uint64_t start, uint64_t len, uint64_t pgoff,
                           uint64_t file_id);
  uint64_t remap(const Thread& t, uint8_t cpumode, uint64_t addr);
  const Map* lookup(const Thread& t, bool kernel, uint64_t addr) const;
  RemapKey key_of(const Map* m, uint64_t start, int32_t pid) const;
  void mmap_record(const RawRecord& rec, Session& s, std::vector<std::byte>& out);
  bool sample_record(const RawRecord& rec, const EventAttrEntry& e, std::vector<std::byte>& out);
  void debug(const char* msg) const;

  bool kernel_64_;
  int verbose_;
  Machine machine_;  // the layout as recorded
  std::unordered_map<RemapKey, uint64_t, RemapKeyHash> remap_;  // new start - pgoff
  std::unordered_map<int32_t, uint64_t> top_;                  // per pid: highest new address
  // The file id of the newest map of each (dso, invariant, pid): the one lookups now find.
  std::unordered_map<RemapKey, uint64_t, RemapKeyHash> file_ids_;
};

}  // namespace cperf
