// The files perf 7.2 tries, in order, for a dso's DWARF when it profiles data types (util/
// dso.c dso__debuginfo, util/debuginfo.c debuginfo__new): with P the dso's file under the
// symfs (S + "/" + its path; it must exist), the distro forms built from P itself rather than
// from the recorded path: S/usr/lib/debug + P + ".debug", S/usr/lib/debug + P,
// S/ + dir(P) + ".debug/" + base(P), S/usr/lib/debug/.build-id/xx/rest.debug (P's build id),
// and last S/ + P. P already holds S, so with an absolute --symfs the forms built from it do
// not exist (perf then finds only the build-id debug file), while a relative one like
// "../symfs" turns S/ + P back into P.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "symbol/dso_locator.h"

namespace cperf {

std::vector<std::string> debuginfo_candidates(const DsoLocator& locator, std::string_view dso_path);

}  // namespace cperf
