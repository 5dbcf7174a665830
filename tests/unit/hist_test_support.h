// Test helpers shared by the hist unit tests: a sample of a path's last frame, and the lines
// a Hists prints.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "hist/hists.h"
#include "hist_test_frames.h"

namespace cperf::test {

// A sample of `p`'s last frame by thread 7 of "deep" in the dso "deep", period 10.
inline HistSample sample_at(const std::vector<ChainFrame>& p, const std::string* dso, const char* comm = "deep") {
  HistSample s;
  s.comm = text(comm);
  s.pid = s.tid = 7;
  s.dso = Text(dso);
  s.has_map = true;
  s.has_sym = true;
  s.sym = p.back().sym;
  s.sym_start = p.back().sym_start;
  s.sym_end = p.back().sym_end;
  s.addr = p.back().ip;
  s.period = 10;
  return s;
}

// What `write` writes to a stream, line by line.
template <typename Write>
std::vector<std::string> written_lines(Write write) {
  char* buf = nullptr;
  size_t len = 0;
  std::FILE* f = open_memstream(&buf, &len);
  write(f);
  std::fclose(f);
  std::string s(buf, len);
  std::free(buf);
  std::vector<std::string> lines;
  for (size_t at = 0, nl; (nl = s.find('\n', at)) != std::string::npos; at = nl + 1) lines.push_back(s.substr(at, nl - at));
  return lines;
}

// What h.print writes (with the header), line by line.
inline std::vector<std::string> printed_lines(Hists& h) {
  return written_lines([&](std::FILE* f) { h.print(f, true); });
}

}  // namespace cperf::test
