/* cperf's own declaration of the Linux perf_event ABI: record layouts and constants.
 * Written for cperf from the published ABI facts (field order, sizes, values); it is not a
 * copy of the kernel's header. `make check-headers` compares it with the system's header.
 *
 * Only plain integer types are used so the header works in C and C++. */
#ifndef CPERF_UAPI_LINUX_PERF_EVENT_H
#define CPERF_UAPI_LINUX_PERF_EVENT_H

#include <stdint.h>

/* Event types (perf_event_attr.type). */
enum perf_type_id {
  PERF_TYPE_HARDWARE = 0,
  PERF_TYPE_SOFTWARE = 1,
  PERF_TYPE_TRACEPOINT = 2,
  PERF_TYPE_HW_CACHE = 3,
  PERF_TYPE_RAW = 4,
  PERF_TYPE_BREAKPOINT = 5,
  PERF_TYPE_MAX, /* not ABI */
};

/* Hardware events: config for PERF_TYPE_HARDWARE. */
enum perf_hw_id {
  PERF_COUNT_HW_CPU_CYCLES = 0,
  PERF_COUNT_HW_INSTRUCTIONS = 1,
  PERF_COUNT_HW_CACHE_REFERENCES = 2,
  PERF_COUNT_HW_CACHE_MISSES = 3,
  PERF_COUNT_HW_BRANCH_INSTRUCTIONS = 4,
  PERF_COUNT_HW_BRANCH_MISSES = 5,
  PERF_COUNT_HW_BUS_CYCLES = 6,
  PERF_COUNT_HW_STALLED_CYCLES_FRONTEND = 7,
  PERF_COUNT_HW_STALLED_CYCLES_BACKEND = 8,
  PERF_COUNT_HW_REF_CPU_CYCLES = 9,
  PERF_COUNT_HW_MAX, /* not ABI */
};

/* Hardware cache events: config = id | (op << 8) | (result << 16). */
enum perf_hw_cache_id {
  PERF_COUNT_HW_CACHE_L1D = 0,
  PERF_COUNT_HW_CACHE_L1I = 1,
  PERF_COUNT_HW_CACHE_LL = 2,
  PERF_COUNT_HW_CACHE_DTLB = 3,
  PERF_COUNT_HW_CACHE_ITLB = 4,
  PERF_COUNT_HW_CACHE_BPU = 5,
  PERF_COUNT_HW_CACHE_NODE = 6,
  PERF_COUNT_HW_CACHE_MAX, /* not ABI */
};
enum perf_hw_cache_op_id {
  PERF_COUNT_HW_CACHE_OP_READ = 0,
  PERF_COUNT_HW_CACHE_OP_WRITE = 1,
  PERF_COUNT_HW_CACHE_OP_PREFETCH = 2,
  PERF_COUNT_HW_CACHE_OP_MAX, /* not ABI */
};
enum perf_hw_cache_op_result_id {
  PERF_COUNT_HW_CACHE_RESULT_ACCESS = 0,
  PERF_COUNT_HW_CACHE_RESULT_MISS = 1,
  PERF_COUNT_HW_CACHE_RESULT_MAX, /* not ABI */
};

/* Software events: config for PERF_TYPE_SOFTWARE. */
enum perf_sw_ids {
  PERF_COUNT_SW_CPU_CLOCK = 0,
  PERF_COUNT_SW_TASK_CLOCK = 1,
  PERF_COUNT_SW_PAGE_FAULTS = 2,
  PERF_COUNT_SW_CONTEXT_SWITCHES = 3,
  PERF_COUNT_SW_CPU_MIGRATIONS = 4,
  PERF_COUNT_SW_PAGE_FAULTS_MIN = 5,
  PERF_COUNT_SW_PAGE_FAULTS_MAJ = 6,
  PERF_COUNT_SW_ALIGNMENT_FAULTS = 7,
  PERF_COUNT_SW_EMULATION_FAULTS = 8,
  PERF_COUNT_SW_DUMMY = 9,
  PERF_COUNT_SW_BPF_OUTPUT = 10,
  PERF_COUNT_SW_CGROUP_SWITCHES = 11,
  PERF_COUNT_SW_MAX, /* not ABI */
};

/* Bits of perf_event_attr.sample_type: what each PERF_RECORD_SAMPLE carries, in this order. */
enum perf_event_sample_format {
  PERF_SAMPLE_IP = 1U << 0,
  PERF_SAMPLE_TID = 1U << 1,
  PERF_SAMPLE_TIME = 1U << 2,
  PERF_SAMPLE_ADDR = 1U << 3,
  PERF_SAMPLE_READ = 1U << 4,
  PERF_SAMPLE_CALLCHAIN = 1U << 5,
  PERF_SAMPLE_ID = 1U << 6,
  PERF_SAMPLE_CPU = 1U << 7,
  PERF_SAMPLE_PERIOD = 1U << 8,
  PERF_SAMPLE_STREAM_ID = 1U << 9,
  PERF_SAMPLE_RAW = 1U << 10,
  PERF_SAMPLE_BRANCH_STACK = 1U << 11,
  PERF_SAMPLE_REGS_USER = 1U << 12,
  PERF_SAMPLE_STACK_USER = 1U << 13,
  PERF_SAMPLE_WEIGHT = 1U << 14,
  PERF_SAMPLE_DATA_SRC = 1U << 15,
  PERF_SAMPLE_IDENTIFIER = 1U << 16,
  PERF_SAMPLE_TRANSACTION = 1U << 17,
  PERF_SAMPLE_REGS_INTR = 1U << 18,
  PERF_SAMPLE_PHYS_ADDR = 1U << 19,
  PERF_SAMPLE_AUX = 1U << 20,
  PERF_SAMPLE_CGROUP = 1U << 21,
  PERF_SAMPLE_DATA_PAGE_SIZE = 1U << 22,
  PERF_SAMPLE_CODE_PAGE_SIZE = 1U << 23,
  PERF_SAMPLE_WEIGHT_STRUCT = 1U << 24,
  PERF_SAMPLE_MAX = 1U << 25, /* not ABI */
};
#define PERF_SAMPLE_WEIGHT_TYPE (PERF_SAMPLE_WEIGHT | PERF_SAMPLE_WEIGHT_STRUCT)

/* Bits of perf_event_attr.branch_sample_type. */
enum perf_branch_sample_type {
  PERF_SAMPLE_BRANCH_USER = 1U << 0,
  PERF_SAMPLE_BRANCH_KERNEL = 1U << 1,
  PERF_SAMPLE_BRANCH_HV = 1U << 2,
  PERF_SAMPLE_BRANCH_ANY = 1U << 3,
  PERF_SAMPLE_BRANCH_ANY_CALL = 1U << 4,
  PERF_SAMPLE_BRANCH_ANY_RETURN = 1U << 5,
  PERF_SAMPLE_BRANCH_IND_CALL = 1U << 6,
  PERF_SAMPLE_BRANCH_ABORT_TX = 1U << 7,
  PERF_SAMPLE_BRANCH_IN_TX = 1U << 8,
  PERF_SAMPLE_BRANCH_NO_TX = 1U << 9,
  PERF_SAMPLE_BRANCH_COND = 1U << 10,
  PERF_SAMPLE_BRANCH_CALL_STACK = 1U << 11,
  PERF_SAMPLE_BRANCH_IND_JUMP = 1U << 12,
  PERF_SAMPLE_BRANCH_CALL = 1U << 13,
  PERF_SAMPLE_BRANCH_NO_FLAGS = 1U << 14,
  PERF_SAMPLE_BRANCH_NO_CYCLES = 1U << 15,
  PERF_SAMPLE_BRANCH_TYPE_SAVE = 1U << 16,
  PERF_SAMPLE_BRANCH_HW_INDEX = 1U << 17,
  PERF_SAMPLE_BRANCH_PRIV_SAVE = 1U << 18,
  PERF_SAMPLE_BRANCH_COUNTERS = 1U << 19,
};

/* ABI of the registers dumped with PERF_SAMPLE_REGS_USER / _INTR. */
enum perf_sample_regs_abi {
  PERF_SAMPLE_REGS_ABI_NONE = 0,
  PERF_SAMPLE_REGS_ABI_32 = 1,
  PERF_SAMPLE_REGS_ABI_64 = 2,
};

/* Bits of perf_event_attr.read_format. */
enum perf_event_read_format {
  PERF_FORMAT_TOTAL_TIME_ENABLED = 1U << 0,
  PERF_FORMAT_TOTAL_TIME_RUNNING = 1U << 1,
  PERF_FORMAT_ID = 1U << 2,
  PERF_FORMAT_GROUP = 1U << 3,
  PERF_FORMAT_LOST = 1U << 4,
  PERF_FORMAT_MAX = 1U << 5, /* not ABI */
};

/* Sizes perf_event_attr has had; every later size appends fields. */
#define PERF_ATTR_SIZE_VER0 64  /* the first published layout */
#define PERF_ATTR_SIZE_VER1 72  /* config2 */
#define PERF_ATTR_SIZE_VER2 80  /* branch_sample_type */
#define PERF_ATTR_SIZE_VER3 96  /* sample_regs_user, sample_stack_user */
#define PERF_ATTR_SIZE_VER4 104 /* sample_regs_intr */
#define PERF_ATTR_SIZE_VER5 112 /* aux_watermark */
#define PERF_ATTR_SIZE_VER6 120 /* aux_sample_size */
#define PERF_ATTR_SIZE_VER7 128 /* sig_data */
#define PERF_ATTR_SIZE_VER8 136 /* config3 */
#define PERF_ATTR_SIZE_VER9 144 /* config4 */

/* The event description passed to perf_event_open() and stored in perf.data. */
struct perf_event_attr {
  uint32_t type;
  uint32_t size;
  uint64_t config;
  union {
    uint64_t sample_period;
    uint64_t sample_freq;
  };
  uint64_t sample_type;
  uint64_t read_format;

  /* The flag word at offset 40, lowest bit first. */
  uint64_t disabled : 1, inherit : 1, pinned : 1, exclusive : 1, exclude_user : 1,
      exclude_kernel : 1, exclude_hv : 1, exclude_idle : 1, mmap : 1, comm : 1, freq : 1,
      inherit_stat : 1, enable_on_exec : 1, task : 1, watermark : 1, precise_ip : 2,
      mmap_data : 1, sample_id_all : 1, exclude_host : 1, exclude_guest : 1,
      exclude_callchain_kernel : 1, exclude_callchain_user : 1, mmap2 : 1, comm_exec : 1,
      use_clockid : 1, context_switch : 1, write_backward : 1, namespaces : 1, ksymbol : 1,
      bpf_event : 1, aux_output : 1, cgroup : 1, text_poke : 1, build_id : 1,
      inherit_thread : 1, remove_on_exec : 1, sigtrap : 1,
      defer_callchain : 1, /* ask for PERF_RECORD_CALLCHAIN_DEFERRED user chains (bit 38) */
      defer_output : 1,    /* this event receives those records (bit 39) */
      __reserved_1 : 24;

  union {
    uint32_t wakeup_events;
    uint32_t wakeup_watermark;
  };
  uint32_t bp_type;
  union {
    uint64_t bp_addr;
    uint64_t kprobe_func;
    uint64_t uprobe_path;
    uint64_t config1;
  };
  union {
    uint64_t bp_len;
    uint64_t kprobe_addr;
    uint64_t probe_offset;
    uint64_t config2;
  };
  uint64_t branch_sample_type;
  uint64_t sample_regs_user;
  uint32_t sample_stack_user;
  int32_t clockid;
  uint64_t sample_regs_intr;
  uint32_t aux_watermark;
  uint16_t sample_max_stack;
  uint16_t __reserved_2;
  uint32_t aux_sample_size;
  uint32_t __reserved_3;
  uint64_t sig_data;
  uint64_t config3;
  uint64_t config4;
};

/* Byte offset of the flag word, and bit numbers of flags cperf sets by hand. */
#define PERF_ATTR_FLAGS_OFFSET 40
#define PERF_ATTR_BIT_DEFER_CALLCHAIN 38
#define PERF_ATTR_BIT_DEFER_OUTPUT 39

/* Every record starts with this header; size includes the header. */
struct perf_event_header {
  uint32_t type;
  uint16_t misc;
  uint16_t size;
};

/* perf_event_header.misc */
#define PERF_RECORD_MISC_CPUMODE_MASK (7 << 0)
#define PERF_RECORD_MISC_CPUMODE_UNKNOWN (0 << 0)
#define PERF_RECORD_MISC_KERNEL (1 << 0)
#define PERF_RECORD_MISC_USER (2 << 0)
#define PERF_RECORD_MISC_HYPERVISOR (3 << 0)
#define PERF_RECORD_MISC_GUEST_KERNEL (4 << 0)
#define PERF_RECORD_MISC_GUEST_USER (5 << 0)
#define PERF_RECORD_MISC_PROC_MAP_PARSE_TIMEOUT (1 << 12)
/* Bit 13: its meaning depends on the record type. */
#define PERF_RECORD_MISC_MMAP_DATA (1 << 13)
#define PERF_RECORD_MISC_COMM_EXEC (1 << 13)
#define PERF_RECORD_MISC_FORK_EXEC (1 << 13)
#define PERF_RECORD_MISC_SWITCH_OUT (1 << 13)
/* Bit 14: its meaning depends on the record type. */
#define PERF_RECORD_MISC_EXACT_IP (1 << 14)
#define PERF_RECORD_MISC_SWITCH_OUT_PREEMPT (1 << 14)
#define PERF_RECORD_MISC_MMAP_BUILD_ID (1 << 14)
#define PERF_RECORD_MISC_EXT_RESERVED (1 << 15)

/* Kernel record types (perf_event_header.type). Layouts are documented where they are
 * decoded (lib/record). */
enum perf_event_type {
  PERF_RECORD_MMAP = 1,
  PERF_RECORD_LOST = 2,
  PERF_RECORD_COMM = 3,
  PERF_RECORD_EXIT = 4,
  PERF_RECORD_THROTTLE = 5,
  PERF_RECORD_UNTHROTTLE = 6,
  PERF_RECORD_FORK = 7,
  PERF_RECORD_READ = 8,
  PERF_RECORD_SAMPLE = 9,
  PERF_RECORD_MMAP2 = 10,
  PERF_RECORD_AUX = 11,
  PERF_RECORD_ITRACE_START = 12,
  PERF_RECORD_LOST_SAMPLES = 13,
  PERF_RECORD_SWITCH = 14,
  PERF_RECORD_SWITCH_CPU_WIDE = 15,
  PERF_RECORD_NAMESPACES = 16,
  PERF_RECORD_KSYMBOL = 17,
  PERF_RECORD_BPF_EVENT = 18,
  PERF_RECORD_CGROUP = 19,
  PERF_RECORD_TEXT_POKE = 20,
  PERF_RECORD_AUX_OUTPUT_HW_ID = 21,
  /* cookie, nr, ips[nr] (user ips, no context marker), sample_id trailer. */
  PERF_RECORD_CALLCHAIN_DEFERRED = 22,
  PERF_RECORD_MAX, /* not ABI */
};

/* PERF_RECORD_KSYMBOL types and flags. */
enum perf_record_ksymbol_type {
  PERF_RECORD_KSYMBOL_TYPE_UNKNOWN = 0,
  PERF_RECORD_KSYMBOL_TYPE_BPF = 1,
  PERF_RECORD_KSYMBOL_TYPE_OOL = 2,
  PERF_RECORD_KSYMBOL_TYPE_MAX,
};
#define PERF_RECORD_KSYMBOL_FLAGS_UNREGISTER (1 << 0)

enum perf_bpf_event_type {
  PERF_BPF_EVENT_UNKNOWN = 0,
  PERF_BPF_EVENT_PROG_LOAD = 1,
  PERF_BPF_EVENT_PROG_UNLOAD = 2,
  PERF_BPF_EVENT_MAX,
};

/* PERF_RECORD_AUX flags. */
#define PERF_AUX_FLAG_TRUNCATED 0x01
#define PERF_AUX_FLAG_OVERWRITE 0x02
#define PERF_AUX_FLAG_PARTIAL 0x04
#define PERF_AUX_FLAG_COLLISION 0x08

/* Namespace slots of PERF_RECORD_NAMESPACES. */
enum {
  NET_NS_INDEX = 0,
  UTS_NS_INDEX = 1,
  IPC_NS_INDEX = 2,
  PID_NS_INDEX = 3,
  USER_NS_INDEX = 4,
  MNT_NS_INDEX = 5,
  CGROUP_NS_INDEX = 6,
  NR_NAMESPACES,
};

/* Callchain context markers: large values that tell which part of the chain follows. */
#define PERF_CONTEXT_HV ((uint64_t)-32)
#define PERF_CONTEXT_KERNEL ((uint64_t)-128)
#define PERF_CONTEXT_USER ((uint64_t)-512)
/* The user part was deferred; the next (last) entry is the cookie of a later
 * PERF_RECORD_CALLCHAIN_DEFERRED record from the same thread. */
#define PERF_CONTEXT_USER_DEFERRED ((uint64_t)-640)
#define PERF_CONTEXT_GUEST ((uint64_t)-2048)
#define PERF_CONTEXT_GUEST_KERNEL ((uint64_t)-2176)
#define PERF_CONTEXT_GUEST_USER ((uint64_t)-2560)
#define PERF_CONTEXT_MAX ((uint64_t)-4095)

/* perf_event_open() flags. */
#define PERF_FLAG_FD_NO_GROUP (1UL << 0)
#define PERF_FLAG_FD_OUTPUT (1UL << 1)
#define PERF_FLAG_PID_CGROUP (1UL << 2)
#define PERF_FLAG_FD_CLOEXEC (1UL << 3)

/* The mmap'ed control page at the start of each ring buffer (first 1 KiB is fixed size). */
struct perf_event_mmap_page {
  uint32_t version;
  uint32_t compat_version;
  uint32_t lock;
  uint32_t index;
  int64_t offset;
  uint64_t time_enabled;
  uint64_t time_running;
  uint64_t capabilities;
  uint16_t pmc_width;
  uint16_t time_shift;
  uint32_t time_mult;
  uint64_t time_offset;
  uint64_t time_zero;
  uint32_t size;
  uint32_t __reserved_1;
  uint64_t time_cycles;
  uint64_t time_mask;
  uint8_t __reserved[116 * 8];
  uint64_t data_head; /* read with acquire semantics */
  uint64_t data_tail; /* written by user space with release semantics */
  uint64_t data_offset;
  uint64_t data_size;
  uint64_t aux_head;
  uint64_t aux_tail;
  uint64_t aux_offset;
  uint64_t aux_size;
};

/* Branch stack entry flag word (PERF_SAMPLE_BRANCH_STACK), after from and to. */
struct perf_branch_entry {
  uint64_t from;
  uint64_t to;
  uint64_t mispred : 1, predicted : 1, in_tx : 1, abort : 1, cycles : 16, type : 4,
      spec : 2, new_type : 4, priv : 3, reserved : 31;
};

/* perf_event ioctls. */
#define PERF_EVENT_IOC_ENABLE 0x2400
#define PERF_EVENT_IOC_DISABLE 0x2401
#define PERF_EVENT_IOC_REFRESH 0x2402
#define PERF_EVENT_IOC_RESET 0x2403
#define PERF_EVENT_IOC_PERIOD 0x40082404
#define PERF_EVENT_IOC_SET_OUTPUT 0x2405
#define PERF_EVENT_IOC_SET_FILTER 0x40082406
#define PERF_EVENT_IOC_ID 0x80082407
#define PERF_EVENT_IOC_PAUSE_OUTPUT 0x40042409
#define PERF_IOC_FLAG_GROUP 1U

#endif /* CPERF_UAPI_LINUX_PERF_EVENT_H */
