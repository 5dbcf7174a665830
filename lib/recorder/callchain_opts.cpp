#include "recorder/callchain_opts.h"

#include "base/perf_config.h"

#include <cstdlib>
#include <sstream>
#include <vector>

namespace cperf {

namespace {

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string part;
  while (std::getline(ss, part, sep)) out.push_back(part);
  return out;
}

bool parse_uint(const std::string& s, uint64_t& v) {
  if (s.empty()) return false;
  char* end = nullptr;
  v = std::strtoull(s.c_str(), &end, 0);
  return *end == 0;
}

}  // namespace

bool parse_callchain(const std::string& text, CallchainOptions& out, std::string& error) {
  std::vector<std::string> t = split(text, ',');
  if (t.empty()) t.push_back("fp");
  bool defer = false;
  for (size_t i = 1; i < t.size(); i++) defer |= t[i] == "defer";
  CallchainOptions o;
  if (t[0] == "fp") {
    o.mode = CallchainMode::kFp;
    for (size_t i = 1; i < t.size(); i++) {
      if (t[i] == "defer") {
        o.defer = true;
        continue;
      }
      uint64_t v = 0;
      if (!parse_uint(t[i], v) || v == 0 || v > 65535) {
        error = "callchain: Incorrect max stack value: " + t[i];
        return false;
      }
      o.max_stack = static_cast<uint32_t>(v);
    }
    if (t.size() > 3) {
      error = "callchain: too many arguments for --call-graph fp";
      return false;
    }
  } else if (t[0] == "dwarf") {
    if (defer) {
      error = "callchain: deferred callchains need frame pointers (fp), not dwarf";
      return false;
    }
    o.mode = CallchainMode::kDwarf;
    if (t.size() > 2) {
      error = "callchain: too many arguments for --call-graph dwarf";
      return false;
    }
    if (t.size() == 2) {
      uint64_t v = 0;
      constexpr uint64_t kMax = 65528;  // largest u16 multiple of 8 the kernel accepts
      if (!parse_uint(t[1], v) || v == 0 || v > kMax) {
        error = "callchain: Incorrect stack dump size (max 65528): " + t[1];
        return false;
      }
      o.dump_size = static_cast<uint32_t>((v + 7) / 8 * 8);
    }
  } else if (t[0] == "lbr") {
    if (defer) {
      error = "callchain: deferred callchains need frame pointers (fp), not lbr";
      return false;
    }
    if (t.size() > 1) {
      error = "callchain: No more arguments needed for --call-graph lbr";
      return false;
    }
    o.mode = CallchainMode::kLbr;
  } else {
    error = "callchain: Unknown --call-graph option value: " + text;
    return false;
  }
  out = o;
  return true;
}

std::string config_record_mode() {
  // perf reads both keys; record.call-graph is the older name.
  std::string v = perf_config_value("call-graph", "record-mode");
  std::string old = perf_config_value("record", "call-graph");
  return v.empty() ? old : v;
}

}  // namespace cperf
