// kernel_dso_names: the kernel and module dsos named as a file's build-id table names them.
#include <gtest/gtest.h>

#include <initializer_list>

#include "machine/kernel_dso_names.h"
#include "machine/machine.h"

namespace cperf {
namespace {

RecordedKernelNames recorded_kernel_names(std::initializer_list<const char*> names) {
  RecordedKernelNames out;
  for (const char* n : names) out.add(n);
  return out;
}

constexpr const char* kVmlinux = "/lib/modules/4.0.7-2-ARCH/build/vmlinux";
constexpr const char* kKvm = "/lib/modules/4.0.7-2-ARCH/kernel/arch/x86/kvm/kvm.ko.gz";

TEST(KernelDsoNamesTest, TheKernelIsTheFirstNonModuleEntryByName) {
  RecordedKernelNames n = recorded_kernel_names({kKvm, "/y/vmlinux-2", "/x/vmlinux"});
  EXPECT_EQ(n.kernel, "/x/vmlinux");
  ASSERT_EQ(n.modules.count("[kvm]"), 1u);
  EXPECT_EQ(n.modules.at("[kvm]"), kKvm);
  // '/' sorts before '[': a path wins over a [kernel.kallsyms] entry.
  EXPECT_EQ(recorded_kernel_names({"[kernel.kallsyms]", "/boot/vmlinuz"}).kernel, "/boot/vmlinuz");
  EXPECT_EQ(recorded_kernel_names({}).kernel, "");
}

TEST(KernelDsoNamesTest, ShortNameIsKernelVmlinuxOrTheBaseName) {
  EXPECT_EQ(recorded_kernel_short_name(kVmlinux), "[kernel.vmlinux]");
  EXPECT_EQ(recorded_kernel_short_name("/boot/vmlinuz-4.0.7"), "vmlinuz-4.0.7");
  EXPECT_EQ(recorded_kernel_short_name("[kernel.kallsyms]"), "[kernel.kallsyms]");
}

TEST(KernelDsoNamesTest, MachineNamesKernelDsosAfterTheTable) {
  Machine m;
  m.add_recorded_kernel_name(kVmlinux);
  m.add_recorded_kernel_name(kKvm);
  m.mmap(-1, 0, true, 0xffffffff81000000, 0x1000000, 0xffffffff81000000, "[kernel.kallsyms]_text",
         0, 0, "");
  m.mmap(-1, 0, true, 0xffffffffc0a00000, 0x5000, 0, "/other/path/kvm.ko", 0, 0, "");
  m.mmap(-1, 0, true, 0xffffffffc0b00000, 0x5000, 0x3000, "/x/kvm-intel.ko", 0, 0, "");
  const Map* core = m.kernel_maps().find(0xffffffff81000010);
  const Map* kvm = m.kernel_maps().find(0xffffffffc0a00010);
  const Map* intel = m.kernel_maps().find(0xffffffffc0b00010);
  ASSERT_TRUE(core && kvm && intel);
  EXPECT_EQ(core->dso->name, kVmlinux);
  EXPECT_EQ(core->dso->short_name, "[kernel.vmlinux]");
  EXPECT_EQ(dso_long_name(*core->dso, "[kernel.kallsyms]"), "[kernel.kallsyms]");  // --kallsyms read
  EXPECT_EQ(dso_long_name(*core->dso, "/d/kcore_dir/kcore"), "/d/kcore_dir/kcore");   // a --kcore copy beside it
  EXPECT_EQ(dso_long_name(*core->dso, ""), kVmlinux);
  EXPECT_EQ(kvm->dso->name, kKvm);  // the table's path, matched by the module's name
  EXPECT_EQ(kvm->dso->short_name, "[kvm]");
  EXPECT_EQ(intel->dso->name, "[kvm_intel]");
  EXPECT_EQ(intel->dso->long_name, "/x/kvm-intel.ko");
  EXPECT_EQ(intel->map_ip(0xffffffffc0b00010), 0x10u);  // a module map's pgoff is ignored
}

TEST(KernelDsoNamesTest, WithoutATableTheNamesStay) {
  Machine m;
  m.mmap(-1, 0, true, 0xffffffff81000000, 0x1000000, 0xffffffff81000000, "[kernel.kallsyms]_text",
         0, 0, "");
  m.mmap(-1, 0, true, 0xffffffffa0000000, 0x1000, 0xffffffffa0000000, kVmlinux, 0, 0, "");
  const Map* core = m.kernel_maps().find(0xffffffff81000010);
  const Map* other = m.kernel_maps().find(0xffffffffa0000010);
  ASSERT_TRUE(core && other);
  EXPECT_EQ(core->dso->name, "[kernel.kallsyms]");
  EXPECT_EQ(core->dso->short_name, "[kernel.kallsyms]");
  // A kernel map named by a path that is no module: perf's module map called by its base name.
  EXPECT_EQ(other->dso->name, "vmlinux");
  EXPECT_EQ(other->map_ip(0xffffffffa0000010), 0x10u);
}

}  // namespace
}  // namespace cperf
