#include "report/task_tree.h"

#include <sys/mman.h>

#include <algorithm>
#include <cinttypes>
#include <string>
#include <vector>

namespace cperf {

namespace {

// perf's thread_level: 0 for the idle thread, 1 for a thread without a known parent, else one
// more than its parent.
int level_of(const Machine& m, const Thread& t, int guard = 0) {
  if (t.tid <= 0) return 0;
  if (t.ppid <= 0) return 1;
  const Thread* parent = m.find_thread(t.ppid);
  if (!parent || guard > 1000) {
    std::fprintf(stderr, "Missing parent thread of %d\n", t.tid);
    return 0;
  }
  return 1 + level_of(m, *parent, guard + 1);
}

// perf's task_list_cmp: < 0 when a comes first.
int task_cmp(const Machine& m, const Thread* a, const Thread* b) {
  if (a->tid == b->tid) return 0;
  if (a->tid == 0) return -1;
  if (b->tid == 0) return 1;
  if (a->ppid == b->ppid) return a->tid < b->tid ? -1 : 1;
  // Climb to equal depths, then to a common parent, and compare there.
  const int level_a = level_of(m, *a), level_b = level_of(m, *b);
  for (int i = level_a; i > level_b && a; --i) a = m.find_thread(a->ppid);
  for (int i = level_b; i > level_a && b; --i) b = m.find_thread(b->ppid);
  if (!a || !b) return !a && !b ? 0 : (!a ? -1 : 1);
  for (int guard = 0; a->ppid != b->ppid && guard < 1000; ++guard) {
    a = m.find_thread(a->ppid);
    b = m.find_thread(b->ppid);
    if (!a || !b) return !a && !b ? 0 : (!a ? -1 : 1);
  }
  if (a->tid == b->tid) return level_a < level_b ? -1 : (level_a > level_b ? 1 : 0);
  return a->tid < b->tid ? -1 : 1;
}

}  // namespace

// perf's map line of --mmaps: range, protection, flags ('s' for any flag, as perf prints it),
// offset, the dso's id (inode from its MMAP2, else its build id) and name.
void print_maps(std::FILE* out, const MapSet& maps, int indent) {
  for (const auto& [start, map] : maps.maps()) {
    const Dso* d = map.dso;
    std::string id = !d ? "" : d->mmap2_id ? std::to_string(d->ino) : d->build_id;
    std::fprintf(out, "%*s  %" PRIx64 "-%" PRIx64 " %c%c%c%c %08" PRIx64 " %s %s\n", indent, "", map.start,
                 map.end, (map.prot & PROT_READ) ? 'r' : '-', (map.prot & PROT_WRITE) ? 'w' : '-',
                 (map.prot & PROT_EXEC) ? 'x' : '-', map.flags ? 's' : 'p', map.pgoff, id.c_str(),
                 d ? d->long_name.c_str() : "");
  }
}

void print_task_tree(std::FILE* out, const Machine& m, bool with_maps) {
  std::vector<const Thread*> tasks;
  for (const auto& [tid, t] : m.threads()) tasks.push_back(&t);
  // A deterministic start for the (stable) sort, as perf's thread table gives it.
  std::sort(tasks.begin(), tasks.end(), [](const Thread* a, const Thread* b) { return a->tid < b->tid; });
  std::stable_sort(tasks.begin(), tasks.end(),
                   [&](const Thread* a, const Thread* b) { return task_cmp(m, a, b) < 0; });
  std::fprintf(out, "# %8s %8s %8s  %s\n", "pid", "tid", "ppid", "comm");
  for (const Thread* t : tasks) {
    int indent = std::fprintf(out, "  %8d %8d %8d |%*s", t->pid, t->tid, t->ppid, level_of(m, *t), "");
    std::fprintf(out, "%s\n", t->comm_str().c_str());
    if (with_maps && t->maps) print_maps(out, *t->maps, indent);
  }
}

}  // namespace cperf
