// BlockReport: perf 7.2's `report --total-cycles` table of one event: the basic blocks of the
// functions its branch-mode entries land in, by share of all sampled cycles.
//
// perf makes the table from the event's branch-mode entries (one per distinct comm, source
// dso, source symbol, target symbol and cycles: its default branch keys, whatever -s says):
// each entry's target function adds its blocks (BlockCycles), equal blocks once; and each
// entry adds the average cycles of all its function's blocks to the "Avg Cycles%" total, so a
// function many entries land in counts that many times there.
#pragma once
#include <cstdint>
#include <cstdio>
#include <functional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "report/block_cycles.h"

namespace cperf {

class BlockReport {
 public:
  // A branch-mode entry's key (see above) and where it lands.
  struct EntryKey {
    std::string comm, from_dso;
    bool from_has_dso = false;
    const void* from_sym = nullptr;  // the symbol, else the address decides
    uint64_t from_addr = 0;
    const void* to_sym = nullptr;
    uint64_t to_addr = 0;
    uint64_t cycles = 0;
    auto tie() const {
      return std::tie(comm, from_has_dso, from_dso, from_sym, from_addr, to_sym, to_addr, cycles);
    }
    bool operator<(const EntryKey& o) const { return tie() < o.tie(); }
  };
  // The branch's target as the entry keeps it (the first one of the entry's key).
  void add_entry(const EntryKey& key, const Map* to_map, const Symbol* to_sym, const std::string& to_dso);

  // A block's source lines: perf's srcline of an address in the function (its line, else
  // "sym+offset").
  using SrclineOf = std::function<std::string(const Map*, const Symbol*, uint64_t offset)>;
  // Prints the table (perf's header and rows); rows whose longest block's share of all the
  // cycles is under percent_limit are left out.
  void print(std::FILE* out, const BlockCycles& cycles, const SrclineOf& srcline, double percent_limit) const;

 private:
  struct Target {
    const Map* map;
    const Symbol* sym;
    std::string dso;
  };
  std::set<EntryKey> keys_;
  std::vector<Target> targets_;  // one per entry, in the order they came
};

}  // namespace cperf
