// perf script's register fields: -F iregs (PERF_SAMPLE_REGS_INTR) and -F uregs
// (PERF_SAMPLE_REGS_USER), " ABI:N " then "NAME:0xVALUE " per register of the mask, named
// after the machine of the sampled program (arch/regs.h).
#include "arch/regs.h"
#include "script/script_tool.h"

namespace cperf {

// perf's thread__e_machine: a thread other than its process's main one takes (and keeps) the
// main thread's answer; the main thread takes the machine of the first of its maps, in address
// order, whose file symbol lookups have read, and keeps it once found. Until then the host's.
uint16_t ScriptTool::thread_e_machine(Thread& t) {
  if (t.e_machine != EM_NONE) return t.e_machine;
  if (t.pid != t.tid && t.pid >= 0) {
    Thread& main = machine_.findnew_thread(t.pid, t.pid);
    t.e_machine = thread_e_machine(main);
    return t.e_machine;
  }
  if (t.maps)
    for (const auto& [start, map] : t.maps->maps()) {
      if (!map.dso) continue;
      if (uint16_t m = symbols_.loaded_e_machine(map.dso)) return t.e_machine = m;
    }
  return kHostEMachine;
}

void ScriptTool::print_regs(TextLine& out, const RegsDump& regs, uint16_t e_machine) {
  if (regs.regs.empty()) return;  // ABI none: the sample has no registers
  out.put(" ABI:").dec(regs.abi).put(' ');
  size_t i = 0;
  for (int bit = 0; bit < 64 && i < regs.regs.size(); ++bit) {
    if (!(regs.mask >> bit & 1)) continue;
    out.aligned(perf_reg_name(bit, e_machine), 5).put(":0x").hex(regs.regs[i++]).put(' ');
  }
}

}  // namespace cperf
