// Machine: kernel module maps are named as perf names their dsos.
#include <gtest/gtest.h>

#include "machine/machine.h"

namespace cperf {
namespace {

TEST(MachineTest, ModuleNameIsTheBaseNameInBrackets) {
  EXPECT_EQ(module_name("/lib/modules/7.2.13/kernel/drivers/block/brd.ko"), "[brd]");
  EXPECT_EQ(module_name("/lib/modules/6.1.0/kernel/drivers/net/usb/usbnet.ko.xz"), "[usbnet]");
  EXPECT_EQ(module_name("/lib/modules/6.1.0/kernel/net/ipv4/nf-nat.ko.zst"), "[nf_nat]");
  EXPECT_EQ(module_name("[kernel.kallsyms]_text"), "");
  EXPECT_EQ(module_name("[bpf_prog]"), "");
}

TEST(MachineTest, KernelModuleMapGetsAModuleDso) {
  Machine m;
  m.mmap(-1, 0, true, 0xffffffff81000000, 0x1000000, 0xffffffff81000000, "[kernel.kallsyms]_text",
         0, 0, "");
  m.mmap(-1, 0, true, 0xffffffffc0400000, 0x4000, 0,
         "/lib/modules/7.2.13/kernel/drivers/block/brd.ko", 0, 0, "");
  const Map* core = m.kernel_maps().find(0xffffffff81000010);
  const Map* mod = m.kernel_maps().find(0xffffffffc0400010);
  ASSERT_TRUE(core && mod);
  EXPECT_FALSE(core->dso->module);
  EXPECT_TRUE(mod->dso->module);
  EXPECT_EQ(mod->dso->short_name, "[brd]");
  EXPECT_EQ(mod->dso->long_name, "/lib/modules/7.2.13/kernel/drivers/block/brd.ko");
}

}  // namespace
}  // namespace cperf
