// Writing perf's build-id cache, as `perf record` does at the end for every DSO with samples,
// so that later reports find the very binaries that ran even after they change on disk
// (DsoLocator reads the same layout):
//   DIR/<real path>/<build id>/elf              a copy of the DSO
//   DIR/[kernel.kallsyms]/<build id>/kallsyms   a copy of the running kernel's /proc/kallsyms
//   DIR/.build-id/<2 hex>/<38 hex> -> ../../<real path>/<build id>   (relative link)
// DIR is the build-id directory (resolve_buildid_dir: --buildid-dir, $PERF_BUILDID_DIR,
// ~/.debug). An entry already there is kept.
#pragma once
#include <string>

#include "symbol/build_id.h"

namespace cperf {

// Adds one DSO (`name` as the MMAP records name it; "[kernel.kallsyms]" for the kernel).
// `source` is the file to copy: the DSO itself, or /proc/kallsyms for the kernel. False (with
// `err` set) when something could not be written; DSOs without a file ([vdso], anonymous
// maps) are skipped and return true.
bool add_to_buildid_cache(const std::string& dir, const std::string& name, const BuildId& id,
                          const std::string& source, std::string& err);

}  // namespace cperf
