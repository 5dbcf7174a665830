// The clean-up passes perf runs over a freshly read symbol list before lookups (util/symbol.c:
// symbols__fixup_end, symbols__fixup_duplicate, choose_best_symbol). They work on a vector
// sorted by start address; sort_symbols() gives the order perf's rb-tree has (stable, so
// symbols with equal starts keep their input order, which decides some ties below).
#pragma once
#include <vector>

#include "symbol/symbol.h"

namespace cperf {

void sort_symbols(std::vector<Symbol>& syms);

// Gives zero-sized symbols an end: the next symbol's start. For kallsyms (names still carry
// their "\t[module]" tag) the last symbol of the kernel or of a module instead ends one page
// past its start, rounded up to a page, so the gap to the next module is not claimed. The
// last symbol of all ends at roundup(start, 4096) + 4096.
void fixup_symbol_ends(std::vector<Symbol>& syms, bool is_kallsyms);

enum class BestSymbol { kA, kB };

// Which of two symbols at the same address perf keeps: sized over zero-sized, typed over
// STT_NOTYPE labels, strong over weak, global over local, fewer leading underscores, longer
// name; on a full tie the first, unless it is a "SyS"/"compat_SyS" syscall alias.
BestSymbol choose_best_symbol(const Symbol& a, const Symbol& b);

// Keeps one symbol per start address, pairwise in sorted order as perf does, and marks the
// survivor as an ifunc alias when it displaced an STT_GNU_IFUNC symbol.
void remove_duplicate_symbols(std::vector<Symbol>& syms);

// Inserts after any symbols with the same start (an rb-tree insert into a sorted set).
void insert_symbol(std::vector<Symbol>& syms, Symbol sym);
// Many insert_symbol calls at once (PLT entries of a large library), in linear time.
void insert_symbols(std::vector<Symbol>& syms, std::vector<Symbol> more);

}  // namespace cperf
