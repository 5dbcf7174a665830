// perf's texts for the parts of a sample's data_src (union perf_mem_data_src): the memory
// level, snoop, TLB, lock and block columns of `report --mem-mode`, and together the
// "|OP ...|LVL ...|..." text of `script -F data_src`.
#pragma once
#include <cstdint>
#include <string>

namespace cperf {

std::string data_src_op_text(uint64_t data_src);
std::string data_src_lvl_text(uint64_t data_src);    // "L1 hit", "Remote node, same socket RAM miss"
std::string data_src_snoop_text(uint64_t data_src);  // "None", "HitM or Fwd"
std::string data_src_tlb_text(uint64_t data_src);    // "L2 or Walker miss"
std::string data_src_lock_text(uint64_t data_src);   // "Yes", "No", "N/A"
std::string data_src_blk_text(uint64_t data_src);    // " Data", " N/A" (a leading space, as perf)

// The whole text, "|OP N/A|LVL N/A|..." (perf_script__meminfo_scnprintf), cut at 99 characters.
std::string mem_data_src_text(uint64_t data_src);

// The fields the histogram's memory keys compare (perf compares each part's raw bits).
inline uint64_t data_src_lvl_bits(uint64_t v) { return v >> 5 & 0x3fff; }
inline uint64_t data_src_snoop_bits(uint64_t v) { return v >> 19 & 0x1f; }
inline uint64_t data_src_lock_bits(uint64_t v) { return v >> 24 & 0x3; }
inline uint64_t data_src_dtlb_bits(uint64_t v) { return v >> 26 & 0x7f; }
inline uint64_t data_src_blk_bits(uint64_t v) { return v >> 40 & 0x7; }

}  // namespace cperf
