// Whether an x86 instruction is a branch perf's LBR walk (script -F brstackinsn) stops at when
// it shows the last block up to the sample: one that always leaves the straight line (jmp,
// call, ret, iret, int, syscall/sysret, far and indirect jumps and calls, vmlaunch), as perf's
// Intel PT instruction decoder classes them "unconditional" or "indirect".
#pragma once
#include <cstddef>
#include <cstdint>

namespace cperf {

// code holds one whole instruction (x86_insn_length(code, size, is64bit) > 0).
bool x86_insn_is_uncond_branch(const uint8_t* code, size_t size, bool is64bit);

}  // namespace cperf
