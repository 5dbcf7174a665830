// Test helpers shared by the hist unit tests: call-graph frames of named functions, each a
// 0x10-byte symbol at `start` in a mapped dso.
#pragma once
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "hist/callchain_tree.h"

namespace cperf::test {

// The tests' frame names, pooled for the whole test run.
inline StringPool& names() {
  static StringPool pool;
  return pool;
}

inline Text text(const std::string& s) { return names().intern(s); }

inline ChainFrame named_frame(const std::string& name, uint64_t start, uint32_t dso_order = 1,
                              const std::string* dso = nullptr) {
  ChainFrame f;
  f.ip = start + 1;
  f.dso_order = dso_order;
  f.has_map = true;
  f.dso = Text(dso);
  f.has_sym = true;
  f.sym_start = start;
  f.sym_end = start + 0x10;
  f.sym = names().intern(name);
  f.name = names().intern(name);
  return f;
}

// Frames of the named functions in the order given; a name's symbol starts at its first
// letter * 0x100, so equal first letters mean the same symbol.
inline std::vector<ChainFrame> named_path(std::initializer_list<const char*> names,
                                          const std::string* dso = nullptr) {
  std::vector<ChainFrame> out;
  for (const char* n : names) out.push_back(named_frame(n, static_cast<uint64_t>(n[0]) * 0x100, 1, dso));
  return out;
}

}  // namespace cperf::test
