#include "script/kernel_map_finder.h"

namespace cperf {

namespace {
bool is_core_kernel(const Map* m) { return m && m->dso && m->dso->long_name == "[kernel.kallsyms]"; }
}  // namespace

const Map* KernelMapFinder::find(uint64_t ip) {
  const Map* m = machine_.kernel_maps().find(ip);
  if (!loaded_ && is_core_kernel(m)) {
    loaded_ = true;
    if (const SymbolTable* ks = symbols_.table_of(m); ks && !ks->empty()) {
      map_start_ = m->start;
      sym_start_ = ks->symbols().front().start;
      sym_end_ = ks->symbols().back().end;
    }
  }
  if (!m && sym_end_ && ip >= sym_start_ && ip < sym_end_) {
    const Map* core = machine_.kernel_maps().find(map_start_);
    if (is_core_kernel(core)) m = core;
  }
  return m;
}

}  // namespace cperf
