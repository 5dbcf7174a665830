// Side-band records for what existed before recording started: the kernel map, modules,
// and COMM/FORK/MMAP2 of running processes (read from /proc), as perf synthesizes them.
// Each record is followed by `id_hdr_size` zero bytes (the sample_id trailer perf leaves
// zeroed in synthesized records).
#pragma once
#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace cperf {

using RecordSink = std::function<void(const void* data, size_t size)>;

// What is written of a running process besides its COMM (and FORK).
struct SynthesisOptions {
  bool namespaces = false;  // NAMESPACES records
  bool maps = true;         // MMAP2 of its executable mappings (false: --synth=task)
  // Each MMAP2 carries the mapped file's build id where one can be read, in place of its device
  // and inode (perf 7.2's default, --buildid-mmap).
  bool build_ids = false;
};

// Size of the sample_id trailer for sample_type (with sample_id_all).
size_t id_header_size(uint64_t sample_type);

// The kernel's map and the modules'. With `build_ids` (perf 7.2's default), MMAP2 records
// carrying their build ids; without, MMAP records.
void synthesize_kernel_maps(size_t id_hdr_size, const RecordSink& out, bool build_ids);
// perf's walk of /proc for a CPU-wide recording: for each thread of pid (from
// /proc/PID/task), FORK (from its parent; PERF_RECORD_MISC_FORK_EXEC), NAMESPACES with
// `namespaces`, COMM, and after the leader's COMM the MMAP2 of its executable mappings.
void synthesize_process(pid_t pid, size_t id_hdr_size, const RecordSink& out, const SynthesisOptions& opts = {});
// All processes in /proc.
void synthesize_all_processes(size_t id_hdr_size, const RecordSink& out, const SynthesisOptions& opts = {});
// perf's side band for a list of threads (-p, -t, -u): COMM, NAMESPACES with `namespaces`, and
// for a leader the MMAP2 of its mappings; no FORK. A thread whose leader is not in the list
// is followed by its leader's.
void synthesize_thread(pid_t tid, size_t id_hdr_size, const RecordSink& out, const SynthesisOptions& opts = {});
void synthesize_threads(const std::vector<pid_t>& tids, size_t id_hdr_size, const RecordSink& out,
                        const SynthesisOptions& opts = {});
// NAMESPACES of thread tid (its /proc/TID/ns links: net, uts, ipc, pid, user, mnt, cgroup).
void synthesize_namespaces(pid_t pid, pid_t tid, size_t id_hdr_size, const RecordSink& out);
// Threads of a process, from /proc/PID/task.
std::vector<pid_t> process_threads(pid_t pid);
// Processes whose /proc/PID belongs to uid (perf's -u target), in pid order.
std::vector<pid_t> processes_of_uid(uid_t uid);

}  // namespace cperf
