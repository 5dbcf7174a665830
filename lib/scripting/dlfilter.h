// DlFilter: a perf --dlfilter shared object loaded into cperf script. The filter sees each
// sample (perf's perf_dlfilter_sample) before cperf's own filters (filter_event_early) and
// after them (filter_event) and drops it by returning 1; it can ask for the sample's resolved
// ip (resolve_ip), other addresses (resolve_address), the event's attr and its --dlarg
// arguments. See lib/scripting/dlfilter_abi.h for the ABI.
#pragma once
#include <string_view>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "scripting/dlfilter_abi.h"

namespace cperf {

// What the callbacks may ask about the sample being filtered. Implemented by ScriptTool.
class DlFilterHost {
 public:
  virtual ~DlFilterHost() = default;
  virtual const dlfilter_abi::AddrLocation* resolve_ip() = 0;
  // Fills al for address; false when nothing maps it.
  virtual bool resolve_address(uint64_t address, dlfilter_abi::AddrLocation& al) = 0;
  virtual perf_event_attr* attr() = 0;
  // The sample's instruction bytes (perf's insn callback); empty: none. Valid until the next call.
  virtual std::string_view insn() = 0;
};

class DlFilter {
 public:
  // Loads the filter (perf's search: a path as given; a bare name in the current directory,
  // then in $PERF_EXEC_PATH/dlfilters) and calls its start(). nullptr after an error message.
  static std::unique_ptr<DlFilter> open(const std::string& name, std::vector<std::string> args);
  ~DlFilter();
  DlFilter(const DlFilter&) = delete;
  DlFilter& operator=(const DlFilter&) = delete;

  enum class Verdict { kKeep, kDrop, kError };
  // The filter's verdict on a sample: early = before cperf's own filters.
  Verdict filter(const dlfilter_abi::Sample& s, DlFilterHost& host, bool early);
  // Calls stop(); returns false when it reports an error.
  bool stop();

  // perf script --list-dlfilters: the filters (.so files defining filter_event or
  // filter_event_early) of the current directory, then of each exec path's dlfilters/
  // folder, with the one-line description each gives (a name once).
  // verbose: each filter's long description too, line by line, under its short one (perf -v).
  static void list(std::FILE* out, const std::vector<std::string>& exec_paths, bool verbose = false);

 private:
  DlFilter() = default;
  static const dlfilter_abi::AddrLocation* cb_resolve_ip(void* ctx);
  static const dlfilter_abi::AddrLocation* cb_resolve_addr(void* ctx);
  static char** cb_args(void* ctx, int* argc);
  static int32_t cb_resolve_address(void* ctx, uint64_t address, dlfilter_abi::AddrLocation* al);
  static const uint8_t* cb_insn(void* ctx, uint32_t* length);
  static const char* cb_srcline(void* ctx, uint32_t* line);
  static perf_event_attr* cb_attr(void* ctx);
  static int32_t cb_object_code(void* ctx, uint64_t ip, void* buf, uint32_t len);
  static void cb_al_cleanup(void* ctx, dlfilter_abi::AddrLocation* al);

  void* handle_ = nullptr;
  void* data_ = nullptr;  // what start() set
  std::string file_;
  std::vector<std::string> args_;
  std::vector<char*> argv_;
  dlfilter_abi::StartFn start_ = nullptr;
  dlfilter_abi::StopFn stop_ = nullptr;
  dlfilter_abi::FilterFn filter_ = nullptr, filter_early_ = nullptr;
  DlFilterHost* host_ = nullptr;  // during filter()
  bool stopped_ = false;
};

}  // namespace cperf
