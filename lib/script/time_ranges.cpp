#include "script/time_ranges.h"

#include <cmath>
#include <cstdlib>
#include <cstring>

#include "base/byte_reader.h"
#include "format/file_header.h"
#include "io/perf_data_reader.h"

namespace cperf {

std::pair<uint64_t, uint64_t> sample_time_span(const PerfDataReader& reader) {
  auto it = reader.features().find(HEADER_SAMPLE_TIME);
  if (it == reader.features().end() || it->second.size() < 16) return {0, 0};
  ByteReader r(it->second, reader.swapped());
  uint64_t first = r.u64();
  return {first, r.u64()};
}

namespace {

// "sec[.frac]" -> ns (perf's parse_nsec_time: at most 9 decimals).
bool parse_ns(const std::string& s, uint64_t& ns) {
  char* end = nullptr;
  unsigned long long sec = std::strtoull(s.c_str(), &end, 10);
  uint64_t frac = 0;
  if (*end == '.') {
    std::string digits = end + 1;
    if (digits.size() > 9) return false;
    digits.resize(9, '0');
    char* e2 = nullptr;
    frac = std::strtoull(digits.c_str(), &e2, 10);
    if (*e2) return false;
  } else if (*end) {
    return false;
  }
  ns = sec * 1000000000ull + frac;
  return true;
}

bool parse_percent(std::string s, double& out) {
  size_t pct = s.find('%');
  if (pct == std::string::npos) return false;
  s.resize(pct);
  char* end = nullptr;
  double d = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size()) return false;
  out = d / 100.0;
  return true;
}

bool percent_range(double a, double b, uint64_t first, uint64_t last,
                   std::pair<uint64_t, uint64_t>& r) {
  if (a < 0.0 || a > 1.0 || b < 0.0 || b > 1.0) return false;
  uint64_t total = last - first;
  r.first = first + static_cast<uint64_t>(std::llround(a * static_cast<double>(total)));
  r.second = first + static_cast<uint64_t>(std::llround(b * static_cast<double>(total)));
  // Adjacent slices must not share their boundary.
  if (r.second > r.first && r.second != last) r.second -= 1;
  return true;
}

// "P%/N": the Nth slice of P percent.
bool slash_slice(const std::string& s, uint64_t first, uint64_t last,
                 std::pair<uint64_t, uint64_t>& r) {
  size_t slash = s.find('/');
  if (slash == std::string::npos) return false;
  double pcnt;
  if (!parse_percent(s.substr(0, slash), pcnt)) return false;
  std::string n = s.substr(slash + 1);
  char* end = nullptr;
  long i = std::strtol(n.c_str(), &end, 10);
  if (*end || pcnt <= 0.0) return false;
  return percent_range(pcnt * static_cast<double>(i - 1), pcnt * static_cast<double>(i), first,
                       last, r);
}

// "A%-B%".
bool dash_range(const std::string& s, uint64_t first, uint64_t last,
                std::pair<uint64_t, uint64_t>& r) {
  size_t dash = s.find('-');
  double a, b;
  if (dash == std::string::npos || !parse_percent(s.substr(0, dash), a) ||
      !parse_percent(s.substr(dash + 1), b))
    return false;
  return percent_range(a, b, first, last, r);
}

std::vector<std::string> split_commas(const std::string& s) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (pos < s.size()) {
    size_t comma = s.find(',', pos);
    out.push_back(s.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos));
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  return out;
}

}  // namespace

TimeRanges::ParseResult TimeRanges::parse(const std::string& spec, uint64_t first, uint64_t last) {
  ranges_.clear();
  if (spec.find('%') != std::string::npos) {
    if (first == 0 && last == 0) return ParseResult::kNoSampleTime;
    bool slash = spec.find('/') != std::string::npos, dash = spec.find('-') != std::string::npos;
    if (!slash && !dash) {
      // "P%": the first slice; '%' must end the string.
      std::pair<uint64_t, uint64_t> r;
      if (spec.back() != '%' || !slash_slice(spec + "/1", first, last, r))
        return ParseResult::kInvalid;
      ranges_.push_back(r);
      return ParseResult::kOk;
    }
    for (const std::string& item : split_commas(spec)) {
      std::pair<uint64_t, uint64_t> r;
      if (!(slash ? slash_slice(item, first, last, r) : dash_range(item, first, last, r)))
        return ParseResult::kInvalid;
      ranges_.push_back(r);
    }
    return ranges_.empty() ? ParseResult::kInvalid : ParseResult::kOk;
  }
  // Absolute: exactly one "start,stop" (perf needs the comma).
  size_t comma = spec.find(',');
  if (comma == std::string::npos || spec.find(',', comma + 1) != std::string::npos)
    return ParseResult::kInvalid;
  std::string a = spec.substr(0, comma), b = spec.substr(comma + 1);
  std::pair<uint64_t, uint64_t> r{0, 0};
  if ((!a.empty() && !parse_ns(a, r.first)) || (!b.empty() && !parse_ns(b, r.second)))
    return ParseResult::kInvalid;
  if (r.second && r.second < r.first) return ParseResult::kInvalid;
  ranges_.push_back(r);
  return ParseResult::kOk;
}

bool TimeRanges::skip(uint64_t time) const {
  if (ranges_.empty() || time == 0) return false;
  if (ranges_.size() == 1) {
    auto [start, end] = ranges_[0];
    return (start && time < start) || (end && time > end);
  }
  for (auto [start, end] : ranges_)
    if (time >= start && (time <= end || !end)) return false;
  return true;
}

}  // namespace cperf
