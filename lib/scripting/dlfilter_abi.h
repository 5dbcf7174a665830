// cperf's own declaration of perf's dlfilter ABI (tools/perf/include/perf/perf_dlfilter.h of
// perf 7.2): the structures a --dlfilter shared object receives and the callback table it
// finds in its `perf_dlfilter_fns` variable. Layouts must match perf's byte for byte (checked
// by static_asserts below); the names follow perf's so filters read naturally.
#pragma once
#include <cstdint>

struct perf_branch_entry;
struct perf_event_attr;

namespace cperf::dlfilter_abi {

struct Sample {
  uint32_t size;  // sizeof(Sample), for the filter's compatibility check
  uint16_t ins_lat;
  uint16_t p_stage_cyc;
  uint64_t ip;
  int32_t pid;
  int32_t tid;
  uint64_t time;
  uint64_t addr;
  uint64_t id;
  uint64_t stream_id;
  uint64_t period;
  uint64_t weight;
  uint64_t transaction;
  uint64_t insn_cnt;
  uint64_t cyc_cnt;
  int32_t cpu;
  uint32_t flags;
  uint64_t data_src;
  uint64_t phys_addr;
  uint64_t data_page_size;
  uint64_t code_page_size;
  uint64_t cgroup;
  uint8_t cpumode;
  uint8_t addr_correlates_sym;
  uint16_t misc;
  uint32_t raw_size;
  const void* raw_data;
  uint64_t brstack_nr;
  const perf_branch_entry* brstack;
  uint64_t raw_callchain_nr;
  const uint64_t* raw_callchain;
  const char* event;
  int32_t machine_pid;
  int32_t vcpu;
};

struct AddrLocation {
  uint32_t size;  // set by the caller of resolve_address
  uint32_t symoff;
  const char* sym;
  uint64_t addr;  // the address in the dso
  uint64_t sym_start;
  uint64_t sym_end;
  const char* dso;
  uint8_t sym_binding;
  uint8_t is_64_bit;
  uint8_t is_kernel_ip;
  uint32_t buildid_size;
  const uint8_t* buildid;
  // resolve_ip() only:
  uint8_t filtered;
  const char* comm;
  void* priv;
};

struct Fns {
  const AddrLocation* (*resolve_ip)(void* ctx);
  const AddrLocation* (*resolve_addr)(void* ctx);
  char** (*args)(void* ctx, int* dlargc);
  int32_t (*resolve_address)(void* ctx, uint64_t address, AddrLocation* al);
  const uint8_t* (*insn)(void* ctx, uint32_t* length);
  const char* (*srcline)(void* ctx, uint32_t* line_number);
  perf_event_attr* (*attr)(void* ctx);
  int32_t (*object_code)(void* ctx, uint64_t ip, void* buf, uint32_t len);
  void (*al_cleanup)(void* ctx, AddrLocation* al);
  void* (*reserved[119])(void*);
};

// The filter's optional entry points.
using StartFn = int (*)(void** data, void* ctx);
using StopFn = int (*)(void* data, void* ctx);
using FilterFn = int (*)(void* data, const Sample* sample, void* ctx);
using DescriptionFn = const char* (*)(const char** long_description);

static_assert(sizeof(Sample) == 208, "perf_dlfilter_sample layout");
static_assert(sizeof(AddrLocation) == 88, "perf_dlfilter_al layout");
static_assert(sizeof(Fns) == 128 * sizeof(void*), "perf_dlfilter_fns layout");

}  // namespace cperf::dlfilter_abi
