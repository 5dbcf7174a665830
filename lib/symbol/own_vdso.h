// This process's vdso as a file, so that [vdso] maps of recordings made on this machine get
// symbols. perf does the same: with no file of the recorded build id in the build-id cache, it
// reads its own vdso (the running kernel's) and uses it unless the recorded build id differs.
#pragma once
#include <string>

namespace cperf {

// A path that opens this process's vdso image (an anonymous memory file, written once per
// process and kept open so that children such as objdump can read it too); "" when the
// process has no vdso or the image cannot be copied.
const std::string& own_vdso_path();

}  // namespace cperf
