// perf kallsyms SYM...: where the running kernel's functions are, from /proc/kallsyms, as
// perf 7.2 prints it: "SYM: [kernel] [kernel.kallsyms] START-END (START-END)" (the map's and
// the symbol's addresses, the same for the kernel), or "SYM: not found"; status 0 either way.
// Only functions (t/T/w/W) of the kernel's map are found, as with perf: those below _etext
// (perf's kernel map ends there, so init code is not found), the first of several of one name
// (the lowest address). Module symbols are not looked up (perf finds them through the module
// maps of /proc/modules; cperf does not make those here). -v adds none of perf's messages
// about module maps.
#include <cinttypes>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "commands.h"
#include "symbol/kallsyms.h"

namespace cperf {

namespace {

constexpr const char* kUsage =
    "\n Usage: perf kallsyms [<options>] symbol_name\n\n"
    "    -v, --verbose         be more verbose (show counter open errors, etc)\n\n";

int usage(const std::string& error) {
  if (!error.empty()) std::fprintf(stderr, "  Error: %s\n", error.c_str());
  std::fputs(kUsage, stderr);
  return 129;
}

const Symbol* find_function(const SymbolTable& table, const std::string& name, uint64_t end) {
  for (const Symbol& s : table.symbols())
    if (s.type == kSttFunc && s.start < end && s.name == name) return &s;
  return nullptr;
}

}  // namespace

int cmd_kallsyms(const Args& args) {
  std::vector<std::string> names;
  bool options_done = false;
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (options_done || a.size() < 2 || a[0] != '-') {
      names.push_back(a);
      continue;
    }
    if (a == "--") {
      options_done = true;
    } else if (a == "-h" || a == "--help") {
      return usage("");
    } else if (a[1] == '-') {
      std::string n = a.substr(2);
      bool neg = n.compare(0, 3, "no-") == 0;
      std::string base = neg ? n.substr(3) : n;
      if (base.empty() || std::string("verbose").compare(0, base.size(), base) != 0)
        return usage("unknown option `" + n + "'");
    } else {
      for (size_t k = 1; k < a.size(); ++k)
        if (a[k] != 'v') return usage(std::string("unknown switch `") + a[k] + "'");
    }
  }
  if (names.empty()) return usage("");
  std::string text;
  if (std::ifstream f("/proc/kallsyms"); f) {
    std::stringstream ss;
    ss << f.rdbuf();
    text = ss.str();
  }
  auto ks = Kallsyms::parse(text);
  uint64_t end = kallsyms_function_start(text, "_etext").value_or(~uint64_t{0});
  for (const std::string& name : names) {
    const Symbol* s = ks ? find_function(ks->kernel(), name, end) : nullptr;
    if (!s) {
      std::printf("%s: not found\n", name.c_str());
      continue;
    }
    std::printf("%s: [kernel] [kernel.kallsyms] %#" PRIx64 "-%#" PRIx64 " (%#" PRIx64 "-%#" PRIx64
                ")\n",
                name.c_str(), s->start, s->end, s->start, s->end);
  }
  return 0;
}

}  // namespace cperf
