#include "symbol/symbol_fixup.h"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <string_view>

namespace cperf {
namespace {

constexpr uint64_t kPage = 4096;

uint64_t roundup_page(uint64_t x) { return (x + kPage - 1) / kPage * kPage; }

size_t leading_underscores(const std::string& s) {
  size_t n = 0;
  while (n < s.size() && s[n] == '_') ++n;
  return n;
}

// The "[module]" tail of a kallsyms name, empty for core kernel symbols.
std::string_view module_tag(const std::string& name) {
  size_t pos = name.find('[');
  return pos == std::string::npos ? std::string_view() : std::string_view(name).substr(pos);
}

bool starts_with(const std::string& s, const char* prefix) {
  return s.compare(0, std::strlen(prefix), prefix) == 0;
}

}  // namespace

void sort_symbols(std::vector<Symbol>& syms) {
  auto by_start = [](const Symbol& a, const Symbol& b) { return a.start < b.start; };
  if (std::is_sorted(syms.begin(), syms.end(), by_start)) return;
  // Sort (start, position) pairs and move each symbol once: a stable sort of the symbols
  // themselves moves every string log(n) times (kallsyms has ~10^5 of them).
  std::vector<std::pair<uint64_t, uint32_t>> order(syms.size());
  for (size_t i = 0; i < syms.size(); ++i) order[i] = {syms[i].start, static_cast<uint32_t>(i)};
  std::sort(order.begin(), order.end());  // (start, position): stable by construction
  std::vector<Symbol> sorted;
  sorted.reserve(syms.size());
  for (const auto& [start, i] : order) sorted.push_back(std::move(syms[i]));
  syms = std::move(sorted);
}

void fixup_symbol_ends(std::vector<Symbol>& syms, bool is_kallsyms) {
  if (syms.empty()) return;
  for (size_t i = 1; i < syms.size(); ++i) {
    Symbol& prev = syms[i - 1];
    const Symbol& curr = syms[i];
    if (prev.end != prev.start) continue;
    if (!is_kallsyms) {
      prev.end = curr.start;
      continue;
    }
    // Modules and the kernel image can be far apart (and BPF code elsewhere again), so the
    // last symbol before such a boundary must not swallow the gap.
    std::string_view prev_mod = module_tag(prev.name);
    std::string_view curr_mod = module_tag(curr.name);
    if (prev_mod.empty() != curr_mod.empty() || (!prev_mod.empty() && prev_mod != curr_mod)) {
      prev.end = roundup_page(prev.end + kPage);
    } else {
      prev.end = curr.start;
    }
  }
  Symbol& last = syms.back();
  if (last.end == last.start) last.end = roundup_page(last.start) + kPage;
}

BestSymbol choose_best_symbol(const Symbol& a, const Symbol& b) {
  const bool a_sized = a.end != a.start;
  const bool b_sized = b.end != b.start;
  if (a_sized && !b_sized) return BestSymbol::kA;
  if (!a_sized && b_sized) return BestSymbol::kB;

  // Labels inside functions (asm entry points, section markers) lose to the real symbol.
  if (a.type != b.type) {
    if (a.type == kSttNotype) return BestSymbol::kB;
    if (b.type == kSttNotype) return BestSymbol::kA;
  }

  const bool a_weak = a.binding == kStbWeak;
  const bool b_weak = b.binding == kStbWeak;
  if (b_weak && !a_weak) return BestSymbol::kA;
  if (a_weak && !b_weak) return BestSymbol::kB;

  const bool a_global = a.binding == kStbGlobal;
  const bool b_global = b.binding == kStbGlobal;
  if (a_global && !b_global) return BestSymbol::kA;
  if (b_global && !a_global) return BestSymbol::kB;

  const size_t a_us = leading_underscores(a.name);
  const size_t b_us = leading_underscores(b.name);
  if (b_us > a_us) return BestSymbol::kA;
  if (a_us > b_us) return BestSymbol::kB;

  if (a.name.size() > b.name.size()) return BestSymbol::kA;
  if (a.name.size() < b.name.size()) return BestSymbol::kB;

  // Old kernels had "SyS_foo" wrappers aliasing "sys_foo"; show the real name.
  if (starts_with(a.name, "SyS") || starts_with(a.name, "compat_SyS")) return BestSymbol::kB;
  return BestSymbol::kA;
}

void remove_duplicate_symbols(std::vector<Symbol>& syms) {
  size_t out = 0;
  for (size_t i = 0; i < syms.size();) {
    size_t keep = i;
    size_t j = i + 1;
    for (; j < syms.size() && syms[j].start == syms[keep].start; ++j) {
      if (choose_best_symbol(syms[keep], syms[j]) == BestSymbol::kA) {
        if (syms[j].type == kSttGnuIfunc) syms[keep].ifunc_alias = true;
      } else {
        if (syms[keep].type == kSttGnuIfunc) syms[j].ifunc_alias = true;
        keep = j;
      }
    }
    if (out != keep) syms[out] = std::move(syms[keep]);
    ++out;
    i = j;
  }
  syms.resize(out);
}

void insert_symbols(std::vector<Symbol>& syms, std::vector<Symbol> more) {
  // The order insert_symbol one by one would give, in one pass: equal starts keep the
  // existing symbols first, then the new ones in their order.
  std::stable_sort(more.begin(), more.end(),
                   [](const Symbol& a, const Symbol& b) { return a.start < b.start; });
  std::vector<Symbol> all;
  all.reserve(syms.size() + more.size());
  std::merge(std::make_move_iterator(syms.begin()), std::make_move_iterator(syms.end()),
             std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()),
             std::back_inserter(all),
             [](const Symbol& a, const Symbol& b) { return a.start < b.start; });
  syms = std::move(all);
}

void insert_symbol(std::vector<Symbol>& syms, Symbol sym) {
  auto pos = std::upper_bound(syms.begin(), syms.end(), sym.start,
                              [](uint64_t start, const Symbol& s) { return start < s.start; });
  syms.insert(pos, std::move(sym));
}

}  // namespace cperf
