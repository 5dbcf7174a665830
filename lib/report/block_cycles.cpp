#include "report/block_cycles.h"

#include "symbol/symbol.h"

namespace cperf {

void BlockCycles::account(std::span<const BlockBranch> branches, bool nonany) {
  if (branches.empty() || branches[0].cycles == 0) return;
  // Program order is the reverse of the recorded one: each block starts where the branch
  // before it landed.
  const BlockBranchEnd* prev = nullptr;
  for (size_t i = branches.size(); i-- > 0;) {
    account_one(branches[i].from, nonany ? nullptr : prev, branches[i].cycles);
    prev = &branches[i].to;
    total_ += branches[i].cycles;
  }
}

void BlockCycles::account_one(const BlockBranchEnd& from, const BlockBranchEnd* prev, uint32_t cycles) {
  if (cycles == 0 || !from.sym) return;
  const Symbol& sym = *from.sym;
  // The start is known when the block lies in one function, or when the previous branch went
  // to this function's first byte (perf compares the recorded address with the symbol's start
  // plus the map's).
  uint64_t start = 0;
  if (prev && (prev->sym == from.sym || prev->addr == sym.start + from.map_start)) start = prev->al_addr;
  std::map<uint64_t, BlockCount>& hist = hists_[from.sym];
  if (from.al_addr < sym.start || from.al_addr >= sym.end) return;
  if (start) {
    if (start < sym.start || start >= sym.end) return;
    if (start >= from.al_addr) start = 0;
  }
  const bool have_start = start != 0;
  const uint64_t start_off = have_start ? start - sym.start : 0;
  BlockCount& c = hist[from.al_addr - sym.start];
  ++c.num_aggr;
  c.cycles_aggr += cycles;
  if (!have_start && c.have_start) return;
  if (c.num) {
    if (have_start && (!c.have_start || c.start > start_off)) {
      c.have_start = false;
      c.cycles = 0;
      c.num = 0;
    } else if (have_start && c.start < start_off) {
      return;
    }
  }
  c.have_start = have_start;
  c.start = start_off;
  c.cycles += cycles;
  ++c.num;
}

}  // namespace cperf
