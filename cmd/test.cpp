// cperf test: the parts of `perf test` that scripts around perf use. `-w NAME [ARGS]` runs one
// of perf's built-in workloads (cmd/workloads/), and `-F Symbols` (with -v) lists the symbols of
// the cperf binary, which upstream's shell tests grep for a workload's function. Anything else
// runs cperf's own suite of checks (self_tests.h) the way perf test runs perf's.
#include <unistd.h>

#include <cinttypes>
#include <cstdio>
#include <string>

#include "commands.h"
#include "self_tests.h"
#include "symbol/symbol_cache.h"
#include "workloads/workloads.h"

namespace cperf {

namespace {

struct Workload {
  const char* name;
  int (*run)(int, const char**);
};
const Workload kWorkloads[] = {
    {"noploop", noploop}, {"thloop", thloop}, {"leafloop", leafloop},
    {"sqrtloop", sqrtloop}, {"inlineloop", inlineloop},
};

int list_own_symbols() {
  char self[4096];
  ssize_t n = ::readlink("/proc/self/exe", self, sizeof(self) - 1);
  if (n <= 0) return 1;
  self[n] = '\0';
  SymbolOptions opts;
  opts.demangle.demangle = false;
  SymbolCache cache(opts);
  for (const Symbol& s : cache.dso(self, "").table().symbols())
    std::printf("%#" PRIx64 "-%#" PRIx64 ": %s\n", s.start, s.end, s.name.c_str());
  return 0;
}

}  // namespace

int cmd_test(const Args& args) {
  if (args.size() >= 3 && args[1] == "-w") {
    for (const Workload& w : kWorkloads) {
      if (args[2] != w.name) continue;
      std::vector<const char*> argv;
      for (size_t i = 3; i < args.size(); ++i) argv.push_back(args[i].c_str());
      return w.run(static_cast<int>(argv.size()), argv.data());
    }
  }
  bool symbols = false;
  for (size_t i = 1; i + 1 < args.size(); ++i)
    if (args[i] == "-F" && args[i + 1] == "Symbols") symbols = true;
  if (symbols) return list_own_symbols();
  // Anything else is cperf's own suite (self_tests.h), with perf's options: -v, -j FILE
  // (also -jFILE, --junit=FILE), and tests chosen by number or description.
  SelfTestOptions st;
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "-v" || a == "--verbose") st.verbose++;
    else if (a == "-vv") st.verbose += 2;
    else if (a == "-j" || a == "--junit") st.junit = i + 1 < args.size() ? args[++i] : "";
    else if (a.rfind("--junit=", 0) == 0) st.junit = a.substr(8);
    else if (a.rfind("-j", 0) == 0) st.junit = a.substr(2);
    else if (a.size() > 1 && a[0] == '-') {
      std::fprintf(stderr, "  Error: unknown option `%s'\n", a.c_str() + (a[1] == '-' ? 2 : 1));
      return 129;
    } else {
      st.selectors.push_back(a);
    }
  }
  return run_self_tests(st);
}

}  // namespace cperf
