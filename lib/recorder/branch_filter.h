// record -b/--branch-any and -j/--branch-filter: perf's branch-stack filter words.
#pragma once
#include <cstdint>
#include <string>

namespace cperf {

// Parses a comma-separated list of perf's filter words (u, k, hv, any, any_call, any_ret,
// ind_call, ind_jmp, call, cond, abort_tx, in_tx, no_tx, no_flags, no_cycles, save_type,
// stack, hw_index, priv, counter) into PERF_SAMPLE_BRANCH_* bits. A list of privilege levels
// only means "any branch" (perf then keeps ANY alone). On an unknown word returns false with
// that word in `bad`.
bool parse_branch_filter(const std::string& text, uint64_t& mask, std::string& bad);

}  // namespace cperf
