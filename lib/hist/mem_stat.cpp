#include "hist/mem_stat.h"

namespace cperf {

namespace {

// The data source's bit fields (perf_mem_data_src).
uint64_t bits(uint64_t v, int shift, int width) { return (v >> shift) & ((uint64_t{1} << width) - 1); }
uint64_t mem_op(uint64_t v) { return bits(v, 0, 5); }
uint64_t mem_snoop(uint64_t v) { return bits(v, 19, 5); }
uint64_t mem_dtlb(uint64_t v) { return bits(v, 26, 7); }
uint64_t mem_lvl_num(uint64_t v) { return bits(v, 33, 4); }

// PERF_MEM_OP_*, PERF_MEM_SNOOP_*, PERF_MEM_TLB_*, PERF_MEM_LVLNUM_*
constexpr uint64_t kOpLoad = 0x2, kOpStore = 0x4, kOpPfetch = 0x8, kOpExec = 0x10;
constexpr uint64_t kSnoopHit = 0x4, kSnoopMiss = 0x8, kSnoopHitm = 0x10;
constexpr uint64_t kTlbHit = 0x2, kTlbMiss = 0x4, kTlbL1 = 0x8, kTlbL2 = 0x10;
enum : uint64_t { kL1 = 1, kL2 = 2, kL3 = 3, kL4 = 4, kL2Mhb = 5, kMsc = 6, kUnc = 8, kCxl = 9, kIo = 10,
                  kLfb = 12, kRam = 13, kPmem = 14 };

int op_index(uint64_t op) {
  if (op == kOpLoad) return 0;
  if (op == kOpStore) return 1;
  if (op == (kOpLoad | kOpStore)) return 2;
  if (op & kOpPfetch) return 3;
  if (op & kOpExec) return 4;
  return 5;
}

int cache_index(uint64_t lvl) {
  switch (lvl) {
    case kL1: return 0;
    case kL2: return 1;
    case kL3: return 2;
    case kL4: return 3;
    case kLfb: return 4;
    case kL2Mhb: return 5;
    default: return 6;
  }
}

int memory_index(uint64_t lvl) {
  switch (lvl) {
    case kRam: return 0;
    case kMsc: return 1;
    case kUnc: return 2;
    case kCxl: return 3;
    case kIo: return 4;
    case kPmem: return 5;
    default: return 6;
  }
}

int snoop_index(uint64_t snoop) {
  if (snoop == kSnoopHit) return 0;
  if (snoop == kSnoopHitm) return 1;
  if (snoop == kSnoopMiss) return 2;
  return 3;
}

int dtlb_index(uint64_t tlb) {
  if (tlb == (kTlbL1 | kTlbHit)) return 0;
  if (tlb == (kTlbL2 | kTlbHit)) return 1;
  if (tlb == (kTlbL1 | kTlbL2 | kTlbHit)) return 2;
  return tlb & kTlbMiss ? 3 : 4;
}

}  // namespace

int mem_stat_index(MemStatType type, uint64_t v) {
  switch (type) {
    case MemStatType::kOp: return op_index(mem_op(v));
    case MemStatType::kCache: return cache_index(mem_lvl_num(v));
    case MemStatType::kMemory: return memory_index(mem_lvl_num(v));
    case MemStatType::kSnoop: return snoop_index(mem_snoop(v));
    case MemStatType::kDtlb: return dtlb_index(mem_dtlb(v));
  }
  return kMemStatLen - 1;
}

const char* mem_stat_name(MemStatType type, int i) {
  static const char* const kOp[] = {"Load", "Store", "Ld+St", "Pfetch", "Exec", "Other"};
  static const char* const kCache[] = {"L1", "L2", "L3", "L4", "L1-buf", "L2-buf", "Other"};
  static const char* const kMemory[] = {"RAM", "MSC", "Uncach", "CXL", "IO", "PMEM", "Other"};
  static const char* const kSnoop[] = {"Hit", "HitM", "Miss", "Other"};
  static const char* const kDtlb[] = {"L1-Hit", "L2-Hit", "L?-Hit", "Miss", "Other"};
  auto pick = [i](const char* const* names, int n) { return i >= 0 && i < n ? names[i] : "Other"; };
  switch (type) {
    case MemStatType::kOp: return pick(kOp, 6);
    case MemStatType::kCache: return pick(kCache, 7);
    case MemStatType::kMemory: return pick(kMemory, 7);
    case MemStatType::kSnoop: return pick(kSnoop, 4);
    case MemStatType::kDtlb: return pick(kDtlb, 5);
  }
  return "Other";
}

const char* mem_stat_title(MemStatType type) {
  switch (type) {
    case MemStatType::kOp: return "Mem Op";
    case MemStatType::kCache: return "Cache";
    case MemStatType::kMemory: return "Memory";
    case MemStatType::kSnoop: return "Snoop";
    case MemStatType::kDtlb: return "D-TLB";
  }
  return "";
}

}  // namespace cperf
