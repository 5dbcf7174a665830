// perf's text for a sample's data_src: "|OP LOAD|LVL L1 hit|SNP None|TLB L1 or L2 hit|LCK No|BLK  N/A",
// what `perf script -F data_src` prints after the raw value and what perf's Python scripts get
// as the "datasrc_decode" key. perf builds it in a 100-byte buffer, so it is cut at 99
// characters.
#include <string>

#include "format/data_src.h"

namespace cperf {

namespace {

// The fields of union perf_mem_data_src (little-endian bit positions).
struct DataSrc {
  uint64_t op, lvl, snoop, lock, dtlb, lvl_num, remote, snoopx, blk, hops;
  explicit DataSrc(uint64_t v)
      : op(v & 0x1f),
        lvl(v >> 5 & 0x3fff),
        snoop(v >> 19 & 0x1f),
        lock(v >> 24 & 0x3),
        dtlb(v >> 26 & 0x7f),
        lvl_num(v >> 33 & 0xf),
        remote(v >> 37 & 0x1),
        snoopx(v >> 38 & 0x3),
        blk(v >> 40 & 0x7),
        hops(v >> 43 & 0x7) {}
};

// Names of the set bits of `bits` (bit 0 first), joined with " or ".
template <size_t N>
void join_bits(std::string& out, uint64_t bits, const char* const (&names)[N]) {
  for (size_t i = 0; bits && i < N; ++i, bits >>= 1) {
    if (!(bits & 1)) continue;
    if (!out.empty()) out += " or ";
    out += names[i];
  }
}

std::string op_text(const DataSrc& d) {
  if (d.op & 0x01) return "N/A";
  if (d.op & 0x02) return "LOAD";
  if (d.op & 0x04) return "STORE";
  if (d.op & 0x08) return "PFETCH";
  if (d.op & 0x10) return "EXEC";
  return "No";
}

std::string lvl_text(const DataSrc& d) {
  static const char* const kLevels[] = {"N/A", "HIT", "MISS", "L1", "LFB/MAB", "L2", "L3",
                                        "Local RAM", "Remote RAM (1 hop)", "Remote RAM (2 hops)",
                                        "Remote Cache (1 hop)", "Remote Cache (2 hops)", "I/O",
                                        "Uncached"};
  // PERF_MEM_LVLNUM_*: 0x01..0x0f.
  static const char* const kLevelNums[16] = {nullptr, "L1", "L2", "L3", "L4", "L2 MHB",
                                             "Memory-side Cache", nullptr, "Uncached", "CXL",
                                             "I/O", "Any cache", "LFB/MAB", "RAM", "PMEM", "N/A"};
  static const char* const kHops[] = {"N/A", "core, same node", "node, same socket",
                                      "socket, same board", "board", "", "", ""};
  const char* hit_miss = d.lvl & 0x2 ? "hit" : d.lvl & 0x4 ? "miss" : "";
  std::string out;
  if (d.lvl_num && d.lvl_num != 0x0f) {
    if (d.remote) out += "Remote ";
    if (d.hops) out += std::string(kHops[d.hops]) + " ";
    if (kLevelNums[d.lvl_num])
      out += kLevelNums[d.lvl_num];
    else
      out += "Unknown level " + std::to_string(d.lvl_num);
    return out + " " + hit_miss;
  }
  uint64_t lvl = d.lvl & ~uint64_t{0x7};  // without NA, HIT and MISS
  if (!lvl) return "N/A";
  join_bits(out, lvl, kLevels);
  return out + " " + hit_miss;
}

std::string snoop_text(const DataSrc& d) {
  static const char* const kSnoop[] = {"N/A", "None", "Hit", "Miss", "HitM"};
  static const char* const kSnoopX[] = {"Fwd", "Peer"};
  std::string out;
  join_bits(out, d.snoop, kSnoop);
  join_bits(out, d.snoopx, kSnoopX);
  return out.empty() ? "N/A" : out;
}

std::string tlb_text(const DataSrc& d) {
  static const char* const kTlb[] = {"N/A", "HIT", "MISS", "L1", "L2", "Walker", "Fault"};
  std::string out;
  join_bits(out, d.dtlb & ~uint64_t{0x6}, kTlb);  // hit and miss come last, as words
  if (out.empty()) out = "N/A";
  if (d.dtlb & 0x2) out += " hit";
  if (d.dtlb & 0x4) out += " miss";
  return out;
}

std::string lock_text(const DataSrc& d) {
  if (d.lock & 0x1) return "N/A";
  return d.lock & 0x2 ? "Yes" : "No";
}

std::string blk_text(const DataSrc& d) {
  if (!d.blk || (d.blk & 0x1)) return " N/A";
  std::string out;
  if (d.blk & 0x2) out += " Data";
  if (d.blk & 0x4) out += " Addr";
  return out;
}

}  // namespace

std::string data_src_op_text(uint64_t v) { return op_text(DataSrc(v)); }
std::string data_src_lvl_text(uint64_t v) { return lvl_text(DataSrc(v)); }
std::string data_src_snoop_text(uint64_t v) { return snoop_text(DataSrc(v)); }
std::string data_src_tlb_text(uint64_t v) { return tlb_text(DataSrc(v)); }
std::string data_src_lock_text(uint64_t v) { return lock_text(DataSrc(v)); }
std::string data_src_blk_text(uint64_t v) { return blk_text(DataSrc(v)); }

std::string mem_data_src_text(uint64_t v) {
  DataSrc d(v);
  std::string s = "|OP " + op_text(d) + "|LVL " + lvl_text(d) + "|SNP " + snoop_text(d) +
                  "|TLB " + tlb_text(d) + "|LCK " + lock_text(d) + "|BLK " + blk_text(d);
  if (s.size() > 99) s.resize(99);
  return s;
}

}  // namespace cperf
