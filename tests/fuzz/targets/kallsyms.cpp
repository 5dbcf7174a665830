// libFuzzer target: a kallsyms file (--kallsyms, the build-id cache's copies, the running
// kernel's), parsed with and without perf's relocation reference and module filter, then
// looked up at a few addresses.
#include <string_view>

#include "symbol/kallsyms.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  cperf::KallsymsOptions opts;
  if (size % 2) {
    opts.reloc_ref = std::make_pair(std::string("_text"), uint64_t{0xffffffff81000000});
    opts.known_modules.emplace();
    opts.known_modules->insert("[ext4]");
  }
  opts.x86_64 = size % 3 != 0;
  if (auto k = cperf::Kallsyms::parse(text, opts)) {
    for (uint64_t a : {uint64_t{0}, uint64_t{0xffffffff81000000}, uint64_t{0xffffffffc0000000}, ~uint64_t{0}}) {
      (void)k->kernel().find(a);
      for (const auto& [name, table] : k->modules()) (void)table.find(a);
    }
  }
  (void)cperf::kallsyms_function_start(text, "schedule");
  return 0;
}
