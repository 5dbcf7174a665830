#include "dump/auxtrace_info_print.h"

#include <cinttypes>
#include <string>
#include <vector>

namespace cperf {

namespace {

constexpr uint32_t kIntelPt = 1;    // PERF_AUXTRACE_INTEL_PT
constexpr size_t kInfoHeader = 16;  // perf_event_header, u32 type, u32 reserved

// Intel PT's priv[] slots, in order, with perf's label and how it prints the value.
enum class As { kSigned, kUnsigned, kHex };
struct PtField {
  const char* label;
  As as;
};
constexpr PtField kPtFields[] = {
    {"PMU Type", As::kSigned},          {"Time Shift", As::kUnsigned},
    {"Time Multiplier", As::kUnsigned}, {"Time Zero", As::kUnsigned},
    {"Cap Time Zero", As::kSigned},     {"TSC bit", As::kHex},
    {"NoRETComp bit", As::kHex},        {"Have sched_switch", As::kSigned},
    {"Snapshot mode", As::kSigned},     {"Per-cpu maps", As::kSigned},
    {"MTC bit", As::kHex},              {"MTC freq bits", As::kHex},
    {"TSC:CTC numerator", As::kUnsigned}, {"TSC:CTC denominator", As::kUnsigned},
    {"CYC bit", As::kHex},              {"Max non-turbo ratio", As::kUnsigned},
    {"Filter string len.", As::kUnsigned}};
enum { kPerCpuMmaps = 9, kMtcBit = 10, kCycBit = 14, kMaxNonTurbo = 15, kFilterLen = 16 };

void print_fields(std::FILE* out, const std::vector<uint64_t>& priv, int first, int last) {
  for (int i = first; i <= last; ++i) {
    uint64_t v = i < static_cast<int>(priv.size()) ? priv[i] : 0;
    std::fprintf(out, "  %-20s", kPtFields[i].label);
    switch (kPtFields[i].as) {
      case As::kSigned: std::fprintf(out, "%" PRId64 "\n", static_cast<int64_t>(v)); break;
      case As::kUnsigned: std::fprintf(out, "%" PRIu64 "\n", v); break;
      case As::kHex: std::fprintf(out, "%#" PRIx64 "\n", v); break;
    }
  }
}

void print_intel_pt(std::FILE* out, ByteReader& r, size_t record_size) {
  // perf checks for the slots before PER_CPU_MMAPS, then prints through it.
  if (record_size < kInfoHeader + 8 * kPerCpuMmaps) return;
  auto has = [&](int slot) { return record_size >= kInfoHeader + 8 * (slot + 1); };
  std::vector<uint64_t> priv;
  for (int i = 0; i <= kFilterLen && has(i); ++i) priv.push_back(r.u64());
  print_fields(out, priv, 0, kPerCpuMmaps);
  if (has(kCycBit)) print_fields(out, priv, kMtcBit, kCycBit);
  if (has(kMaxNonTurbo)) print_fields(out, priv, kMaxNonTurbo, kMaxNonTurbo);
  if (!has(kFilterLen)) return;
  print_fields(out, priv, kFilterLen, kFilterLen);
  // The filter string follows, NUL-terminated and padded to 8 bytes.
  std::string filter;
  if (uint64_t len = priv[kFilterLen]) {
    uint64_t padded = (len + 1 + 7) / 8 * 8;
    if (padded > r.remaining()) return;  // perf: bad filter string length
    Bytes b = r.bytes(padded);
    if (b[padded - 1] != std::byte{0}) return;  // perf: not NUL-terminated
    filter = std::string(reinterpret_cast<const char*>(b.data()));
  }
  std::fprintf(out, "  %-20s%s\n", "Filter string", filter.c_str());
  if (r.remaining() >= 8)
    std::fprintf(out, "  %-20s%d\n", "Cap Event Trace", static_cast<int>(r.u64()));
}

}  // namespace

void print_auxtrace_info(std::FILE* out, ByteReader& r, uint32_t type, size_t record_size) {
  if (type == kIntelPt) print_intel_pt(out, r, record_size);
}

}  // namespace cperf
