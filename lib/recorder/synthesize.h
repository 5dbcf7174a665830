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

// Size of the sample_id trailer for sample_type (with sample_id_all).
size_t id_header_size(uint64_t sample_type);

void synthesize_kernel_maps(size_t id_hdr_size, const RecordSink& out);
// perf's walk of /proc for a CPU-wide recording: for each thread of pid (from
// /proc/PID/task), FORK (from its parent; PERF_RECORD_MISC_FORK_EXEC), NAMESPACES with
// `namespaces`, COMM, and after the leader's COMM the MMAP2 of its executable mappings.
void synthesize_process(pid_t pid, size_t id_hdr_size, const RecordSink& out, bool namespaces = false, bool maps = true);
// All processes in /proc.
void synthesize_all_processes(size_t id_hdr_size, const RecordSink& out, bool namespaces = false, bool maps = true);
// perf's side band for a list of threads (-p, -t, -u): COMM, NAMESPACES with `namespaces`, and
// for a leader the MMAP2 of its mappings; no FORK. A thread whose leader is not in the list
// is followed by its leader's. `maps` false (--synth=task): no MMAP2.
void synthesize_thread(pid_t tid, size_t id_hdr_size, const RecordSink& out, bool namespaces = false, bool maps = true);
void synthesize_threads(const std::vector<pid_t>& tids, size_t id_hdr_size, const RecordSink& out, bool namespaces = false,
                        bool maps = true);
// NAMESPACES of thread tid (its /proc/TID/ns links: net, uts, ipc, pid, user, mnt, cgroup).
void synthesize_namespaces(pid_t pid, pid_t tid, size_t id_hdr_size, const RecordSink& out);
// Threads of a process, from /proc/PID/task.
std::vector<pid_t> process_threads(pid_t pid);
// Processes whose /proc/PID belongs to uid (perf's -u target), in pid order.
std::vector<pid_t> processes_of_uid(uid_t uid);

}  // namespace cperf
