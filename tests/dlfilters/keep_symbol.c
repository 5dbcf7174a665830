/* A --dlfilter for tests/e2e/script_dlfilter.sh, built against cperf's own declaration of
 * perf's dlfilter ABI (lib/scripting/dlfilter_abi.h, compiled as C++). It keeps the samples
 * whose ip resolves to the symbol named by the first --dlarg, and prints on stderr what the
 * callbacks return for the first few samples (the symbol, the instruction bytes), so that cperf
 * and perf can be compared. */
#include <cstdio>
#include <cstring>

#include "scripting/dlfilter_abi.h"

using namespace cperf::dlfilter_abi;

extern "C" {
Fns perf_dlfilter_fns;

struct State {
  const char* want;
  int seen;
};
static State state;

int start(void** data, void* ctx) {
  int argc = 0;
  char** argv = perf_dlfilter_fns.args(ctx, &argc);
  state.want = argc > 0 ? argv[0] : "main";
  *data = &state;
  std::fprintf(stderr, "start: %d args, keeping %s\n", argc, state.want);
  return 0;
}

int filter_event(void* data, const Sample* s, void* ctx) {
  auto* st = static_cast<State*>(data);
  const AddrLocation* al = perf_dlfilter_fns.resolve_ip(ctx);
  if (st->seen++ < 8)
    std::fprintf(stderr, "%s ip=%#llx pid=%d tid=%d cpumode=%u chain=%llu sym=%s+%#x [%#llx,%#llx) "
                 "bind=%u dso=%s bid=%u kernel=%u comm=%s\n",
                 s->event, static_cast<unsigned long long>(s->ip), s->pid, s->tid, s->cpumode,
                 static_cast<unsigned long long>(s->raw_callchain_nr), al && al->sym ? al->sym : "?",
                 al ? al->symoff : 0, static_cast<unsigned long long>(al ? al->sym_start : 0),
                 static_cast<unsigned long long>(al ? al->sym_end : 0), al ? al->sym_binding : 0,
                 al && al->dso ? al->dso : "?", al ? al->buildid_size : 0, al ? al->is_kernel_ip : 0,
                 al && al->comm ? al->comm : "?");
  if (st->seen <= 8) {  // the sample's instruction, as perf reads it from the dso
    unsigned len = 0;
    const unsigned char* insn = perf_dlfilter_fns.insn(ctx, &len);
    std::fprintf(stderr, "insn(%u):", len);
    for (unsigned i = 0; insn && i < len; ++i) std::fprintf(stderr, " %02x", insn[i]);
    std::fputc('\n', stderr);
  }
  return !(al && al->sym && std::strcmp(al->sym, st->want) == 0);
}

int stop(void* data, void*) {
  std::fprintf(stderr, "stop: %d samples seen\n", static_cast<State*>(data)->seen);
  return 0;
}

const char* filter_description(const char** long_description) {
  if (long_description) *long_description = "Keeps the samples of one symbol (--dlarg NAME).";
  return "cperf test: keep one symbol";
}
}
