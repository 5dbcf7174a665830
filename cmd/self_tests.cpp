#include "self_tests.h"

#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>

#include "linux/perf_event.h"
#include "recorder/event_spec.h"
#include "symbol/symbol_cache.h"
#include "workloads/workloads.h"

namespace cperf {

namespace {

enum class Result { kOk, kSkip, kFailed };

struct SelfTest {
  const char* description;
  Result (*run)(std::string& why);
};

Result parse_events_check(std::string& why) {
  std::vector<EventSpec> specs;
  if (!parse_events("cpu-clock:u,{task-clock,page-faults}:k,r1a", specs, why)) return Result::kFailed;
  bool ok = specs.size() == 4 && specs[0].attr.exclude_kernel && specs[1].nr_members == 2 &&
            specs[3].attr.type == PERF_TYPE_RAW && specs[3].attr.config == 0x1a;
  if (!ok) why = "parsed attrs are not the expected ones";
  return ok ? Result::kOk : Result::kFailed;
}

Result own_symbols_check(std::string& why) {
  char self[4096];
  ssize_t n = ::readlink("/proc/self/exe", self, sizeof(self) - 1);
  if (n <= 0) {
    why = "cannot read /proc/self/exe";
    return Result::kSkip;
  }
  self[n] = '\0';
  SymbolCache cache(SymbolOptions{});
  for (const Symbol& s : cache.dso(self, "").table().symbols())
    if (s.name == "noploop") return Result::kOk;
  why = "the workload noploop is not among cperf's own symbols (stripped binary?)";
  return Result::kFailed;
}

Result workload_check(std::string& why) {
  pid_t pid = fork();
  if (pid < 0) {
    why = "fork failed";
    return Result::kSkip;
  }
  if (pid == 0) {
    const char* argv[] = {"0.05"};
    _exit(noploop(1, argv));
  }
  int status = 0;
  waitpid(pid, &status, 0);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return Result::kOk;
  why = "noploop did not exit 0";
  return Result::kFailed;
}

Result event_open_check(std::string& why) {
  perf_event_attr attr{};
  attr.size = sizeof attr;
  attr.type = PERF_TYPE_SOFTWARE;
  attr.config = PERF_COUNT_SW_TASK_CLOCK;
  attr.exclude_kernel = 1;
  long fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
  if (fd < 0) {
    why = std::string("perf_event_open: ") + std::strerror(errno);
    return Result::kSkip;
  }
  close(static_cast<int>(fd));
  return Result::kOk;
}

const SelfTest kTests[] = {
    {"Parse event definition strings", parse_events_check},
    {"Symbols of the cperf binary", own_symbols_check},
    {"Workload noploop", workload_check},
    {"Open a task-clock event on this process", event_open_check},
};

bool selected(const SelfTestOptions& o, int number, const char* description) {
  if (o.selectors.empty()) return true;
  for (const std::string& s : o.selectors) {
    if (s == std::to_string(number)) return true;
    if (std::strstr(description, s.c_str())) return true;
  }
  return false;
}

std::string xml_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace

int run_self_tests(const SelfTestOptions& o) {
  struct Ran {
    const char* description;
    Result result;
    std::string why;
    double ms;
  };
  std::vector<Ran> ran;
  int number = 0;
  for (const SelfTest& t : kTests) {
    ++number;
    if (!selected(o, number, t.description)) continue;
    auto start = std::chrono::steady_clock::now();
    std::string why;
    Result r = t.run(why);
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    const char* word = r == Result::kOk ? "Ok" : r == Result::kSkip ? "Skip" : "FAILED!";
    std::printf("%3d: %-64s: %s", number, t.description, word);
    if (r != Result::kOk && (o.verbose || r == Result::kSkip)) std::printf(" (%s)", why.c_str());
    std::printf("\n");
    ran.push_back({t.description, r, why, ms});
  }
  int failed = 0, skipped = 0;
  for (const Ran& r : ran) {
    failed += r.result == Result::kFailed;
    skipped += r.result == Result::kSkip;
  }
  if (!o.junit.empty()) {
    std::FILE* f = std::fopen(o.junit.c_str(), "w");
    if (!f) {
      std::fprintf(stderr, "Failed to open %s: %s\n", o.junit.c_str(), std::strerror(errno));
      return 1;
    }
    std::fprintf(f, "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<testsuites>\n"
                    "  <testsuite name=\"perf-tests\" tests=\"%zu\" failures=\"%d\" skipped=\"%d\">\n",
                 ran.size(), failed, skipped);
    for (const Ran& r : ran) {
      std::string name = xml_escape(r.description);
      std::fprintf(f, "    <testcase classname=\"%s\" name=\"%s\" time=\"%.2f\">\n", name.c_str(),
                   name.c_str(), r.ms);
      if (r.result == Result::kFailed)
        std::fprintf(f, "      <failure message=\"%s\"/>\n", xml_escape(r.why).c_str());
      if (r.result == Result::kSkip) std::fprintf(f, "      <skipped message=\"%s\"/>\n", xml_escape(r.why).c_str());
      std::fprintf(f, "    </testcase>\n");
    }
    std::fprintf(f, "  </testsuite>\n</testsuites>\n");
    std::fclose(f);
    std::printf("Wrote junit XML output to %s\n", o.junit.c_str());
  }
  return failed ? 1 : 0;
}

}  // namespace cperf
