// The -s keys and --time spans that report and diff read alike.
#include "report_keys.h"

#include <set>
#include <utility>

namespace cperf {

// perf's parse_nsec_time: "SEC[.FRACTION]" (up to 9 fraction digits) in ns; "" is 0.
bool parse_nsec(const std::string& s, uint64_t& ns) {
  ns = 0;
  if (s.empty()) return true;
  size_t dot = s.find('.');
  std::string sec = s.substr(0, dot), frac = dot == std::string::npos ? "" : s.substr(dot + 1);
  if (sec.empty() || frac.size() > 9 || (dot != std::string::npos && frac.empty())) return false;
  for (char c : sec + frac)
    if (c < '0' || c > '9') return false;
  frac.append(9 - frac.size(), '0');
  ns = std::stoull(sec) * 1000000000ull + std::stoull(frac);
  return true;
}

// --time START,STOP (either may be empty). perf's percent forms are not supported.
bool parse_time_range(const std::string& s, uint64_t& start, uint64_t& stop) {
  size_t comma = s.find(',');
  if (comma == std::string::npos || s.find(',', comma + 1) != std::string::npos) return false;
  if (!parse_nsec(s.substr(0, comma), start) || !parse_nsec(s.substr(comma + 1), stop)) return false;
  return !stop || start <= stop;
}

// Keys perf 7.2 knows that only its branch mode (-b) or --mem-mode takes: elsewhere they are
// "Invalid", where unknown names are "Unknown".
bool is_branch_key(const std::string& k) {
  static const std::set<std::string> keys = {
      "dso_from", "dso_to", "symbol_from", "symbol_to", "mispredict", "abort", "in_tx", "cycles",
      "srcline_from", "srcline_to", "ipc_lbr", "addr_from", "addr_to", "callchain_branch_predicted",
      "callchain_branch_abort", "callchain_branch_cycles"};
  return keys.count(k) > 0;
}

bool is_mem_key(const std::string& k) {
  static const std::set<std::string> keys = {"symbol_daddr", "dso_daddr", "locked", "tlb", "mem", "snoop",
                                             "dcacheline", "symbol_iaddr", "phys_daddr", "data_page_size",
                                             "blocked"};
  return keys.count(k) > 0;
}

// perf's number columns (hpp fields) by name; "latency" and "period" are handled as keys.
bool number_field_of(const std::string& k, OutputField& f) {
  static const std::pair<const char*, OutputField::Kind> kNumbers[] = {
      {"overhead", OutputField::kSelf},          {"overhead_sys", OutputField::kSys},
      {"overhead_us", OutputField::kUsr},        {"overhead_guest_sys", OutputField::kGuestSys},
      {"overhead_guest_us", OutputField::kGuestUsr}, {"overhead_children", OutputField::kChildren},
      {"latency_children", OutputField::kLatencyChildren}, {"sample", OutputField::kSamples},
      {"weight1", OutputField::kWeight1},        {"weight2", OutputField::kWeight2},
      {"weight3", OutputField::kWeight3}};
  for (auto [name, kind] : kNumbers)
    if (k == name) {
      f = {kind};
      return true;
    }
  return false;
}

bool sort_key_of(const std::string& k, SortKey& key) {
  static const std::pair<const char*, SortKey> kSampleKeys[] = {
      {"weight", SortKey::kWeight}, {"local_weight", SortKey::kLocalWeight}, {"ins_lat", SortKey::kInsLat},
      {"local_ins_lat", SortKey::kLocalInsLat}, {"p_stage_cyc", SortKey::kPStageCyc},
      {"local_p_stage_cyc", SortKey::kLocalPStageCyc}, {"retire_lat", SortKey::kRetireLat},
      {"local_retire_lat", SortKey::kLocalRetireLat}, {"addr", SortKey::kAddr}, {"time", SortKey::kTime},
      {"code_page_size", SortKey::kCodePageSize}, {"simd", SortKey::kSimd},
      {"transaction", SortKey::kTransaction}, {"dso_size", SortKey::kDsoSize},
      {"symbol_size", SortKey::kSymSize}, {"symoff", SortKey::kSymOff}, {"tgid", SortKey::kTgid},
      {"comm_nodigit", SortKey::kCommNoDigit}, {"cgroup_id", SortKey::kCgroupId},
      {"srcfile", SortKey::kSrcfile}, {"mem", SortKey::kMem}, {"snoop", SortKey::kSnoop},
      {"tlb", SortKey::kTlb}, {"locked", SortKey::kLocked}, {"blocked", SortKey::kBlocked},
      {"symbol_daddr", SortKey::kSymDaddr}, {"dso_daddr", SortKey::kDsoDaddr},
      {"symbol_iaddr", SortKey::kSymIaddr}, {"phys_daddr", SortKey::kPhysDaddr},
      {"data_page_size", SortKey::kDataPageSize}, {"dso_from", SortKey::kDsoFrom}, {"dso_to", SortKey::kDsoTo},
      {"symbol_from", SortKey::kSymFrom}, {"symbol_to", SortKey::kSymTo}, {"cycles", SortKey::kCycles},
      {"mispredict", SortKey::kMispredict}, {"in_tx", SortKey::kInTx}, {"abort", SortKey::kAbort},
      {"addr_from", SortKey::kAddrFrom}, {"addr_to", SortKey::kAddrTo}, {"srcline_from", SortKey::kSrclineFrom},
      {"srcline_to", SortKey::kSrclineTo}, {"dcacheline", SortKey::kDcacheline},
      {"type", SortKey::kType}, {"typeoff", SortKey::kTypeOffset}, {"typecln", SortKey::kTypeCacheline}};
  for (const auto& [name, k2] : kSampleKeys)
    if (k == name) {
      key = k2;
      return true;
    }
  if (k == "comm") key = SortKey::kComm;
  else if (k == "dso") key = SortKey::kDso;
  else if (k == "sym" || k == "symbol") key = SortKey::kSym;
  else if (k == "pid") key = SortKey::kPid;
  else if (k == "cpu") key = SortKey::kCpu;
  else if (k == "period") key = SortKey::kPeriod;
  else if (k == "parent") key = SortKey::kParent;
  else if (k == "srcline") key = SortKey::kSrcline;
  else if (k == "parallelism") key = SortKey::kParallelism;
  else if (k == "callchain_branch_predicted") key = SortKey::kBranchPredicted;
  else if (k == "callchain_branch_abort") key = SortKey::kBranchAbort;
  else if (k == "callchain_branch_cycles") key = SortKey::kBranchCycles;
  else if (k == "socket") key = SortKey::kSocket;
  else if (k == "cgroup") key = SortKey::kCgroup;
  else if (k == "trace") key = SortKey::kTrace;
  else if (k == "ipc_null") key = SortKey::kIpcNull;
  else return false;
  return true;
}

std::vector<std::string> split_time_list(const std::string& s) {
  std::vector<std::string> out;
  size_t from = 0;
  for (size_t colon; (colon = s.find(':', from)) != std::string::npos; from = colon + 1)
    out.push_back(s.substr(from, colon - from));
  out.push_back(s.substr(from));
  return out;
}

}  // namespace cperf
