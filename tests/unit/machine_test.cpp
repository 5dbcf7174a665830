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

// A thread's names as perf keeps them: the first name replaces ":<tid>" (taking its time and
// exec flag), later ones are added; the exec name is the newest exec'd one.
TEST(MachineTest, CommHistoryAndExecComm) {
  Machine m;
  Thread& t = m.findnew_thread(10, 10);
  ASSERT_EQ(t.comms.size(), 1u);
  EXPECT_EQ(t.comms[0].str, ":10");
  m.set_comm(10, 10, "sh", false, 100);
  ASSERT_EQ(t.comms.size(), 1u);
  EXPECT_EQ(t.comms[0].str, "sh");
  EXPECT_EQ(t.comms[0].start, 100u);
  m.set_comm(10, 10, "prog", true, 200);
  ASSERT_EQ(t.comms.size(), 2u);
  EXPECT_EQ(t.exec_comm()->str, "prog");
  m.set_comm(10, 10, "worker", false, 300);
  EXPECT_EQ(t.comm, "worker");
  EXPECT_EQ(t.exec_comm()->str, "prog");
  // A fork inherits the parent's name from the fork's time, as a new thread (new serial).
  uint64_t serial = t.serial;
  m.fork(10, 11, 10, 10, 400);
  const Thread* c = m.find_thread(11);
  ASSERT_NE(c, nullptr);
  ASSERT_EQ(c->comms.size(), 1u);
  EXPECT_EQ(c->comms[0].str, "worker");
  EXPECT_EQ(c->comms[0].start, 400u);
  EXPECT_FALSE(c->comms[0].exec);
  EXPECT_NE(c->serial, serial);
  // Without an exec'd name, a leader's oldest name without a time gives way to the next.
  Thread& l = m.findnew_thread(20, 20);
  m.set_comm(20, 20, "a", false, 0);
  m.set_comm(20, 20, "b", false, 500);
  EXPECT_EQ(l.exec_comm()->str, "b");
}

}  // namespace
}  // namespace cperf
