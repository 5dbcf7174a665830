#include "scripting/dlfilter.h"

#include <dirent.h>
#include <dlfcn.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <set>

namespace cperf {

namespace {

std::string find_filter(const std::string& name) {
  if (name.find('/') != std::string::npos) return name;
  if (access(name.c_str(), R_OK) == 0) return "./" + name;  // dlopen would search its path
  if (const char* exec = std::getenv("PERF_EXEC_PATH"); exec && *exec) {
    std::string p = std::string(exec) + "/dlfilters/" + name;
    if (access(p.c_str(), R_OK) == 0) return p;
  }
  return name;
}

}  // namespace

std::unique_ptr<DlFilter> DlFilter::open(const std::string& name, std::vector<std::string> args) {
  std::unique_ptr<DlFilter> f(new DlFilter());
  f->file_ = find_filter(name);
  f->args_ = std::move(args);
  for (std::string& a : f->args_) f->argv_.push_back(a.data());
  f->argv_.push_back(nullptr);
  f->handle_ = dlopen(f->file_.c_str(), RTLD_NOW);
  if (!f->handle_) {
    std::fprintf(stderr, "dlopen failed for '%s': %s\n", f->file_.c_str(), dlerror());
    return nullptr;
  }
  f->start_ = reinterpret_cast<dlfilter_abi::StartFn>(dlsym(f->handle_, "start"));
  f->stop_ = reinterpret_cast<dlfilter_abi::StopFn>(dlsym(f->handle_, "stop"));
  f->filter_ = reinterpret_cast<dlfilter_abi::FilterFn>(dlsym(f->handle_, "filter_event"));
  f->filter_early_ = reinterpret_cast<dlfilter_abi::FilterFn>(dlsym(f->handle_, "filter_event_early"));
  if (auto* fns = static_cast<dlfilter_abi::Fns*>(dlsym(f->handle_, "perf_dlfilter_fns"))) {
    std::memset(fns, 0, sizeof(*fns));
    fns->resolve_ip = cb_resolve_ip;
    fns->resolve_addr = cb_resolve_addr;
    fns->args = cb_args;
    fns->resolve_address = cb_resolve_address;
    fns->insn = cb_insn;
    fns->srcline = cb_srcline;
    fns->attr = cb_attr;
    fns->object_code = cb_object_code;
    fns->al_cleanup = cb_al_cleanup;
  }
  if (f->start_) {
    int err = f->start_(&f->data_, f.get());
    if (err < 0) {
      std::fprintf(stderr, "dlfilter start failed\n");
      return nullptr;
    }
  }
  return f;
}

DlFilter::~DlFilter() {
  stop();
  if (handle_) dlclose(handle_);
}

bool DlFilter::stop() {
  if (stopped_ || !handle_) return true;
  stopped_ = true;
  return !stop_ || stop_(data_, this) >= 0;
}

DlFilter::Verdict DlFilter::filter(const dlfilter_abi::Sample& s, DlFilterHost& host, bool early) {
  dlfilter_abi::FilterFn fn = early ? filter_early_ : filter_;
  if (!fn) return Verdict::kKeep;
  host_ = &host;
  int r = fn(data_, &s, this);
  host_ = nullptr;
  if (r < 0) return Verdict::kError;
  return r ? Verdict::kDrop : Verdict::kKeep;
}

const dlfilter_abi::AddrLocation* DlFilter::cb_resolve_ip(void* ctx) {
  auto* f = static_cast<DlFilter*>(ctx);
  return f->host_ ? f->host_->resolve_ip() : nullptr;
}

const dlfilter_abi::AddrLocation* DlFilter::cb_resolve_addr(void*) { return nullptr; }

char** DlFilter::cb_args(void* ctx, int* argc) {
  auto* f = static_cast<DlFilter*>(ctx);
  if (argc) *argc = static_cast<int>(f->args_.size());
  return f->argv_.data();
}

int32_t DlFilter::cb_resolve_address(void* ctx, uint64_t address, dlfilter_abi::AddrLocation* al) {
  auto* f = static_cast<DlFilter*>(ctx);
  if (!f->host_ || !al) return -1;
  uint32_t size = al->size;
  if (size < sizeof(uint32_t) * 2) return -1;
  dlfilter_abi::AddrLocation full{};
  if (!f->host_->resolve_address(address, full)) return -1;
  full.size = size;
  std::memcpy(al, &full, std::min<size_t>(size, sizeof(full)));
  return 0;
}

const uint8_t* DlFilter::cb_insn(void* ctx, uint32_t* length) {
  auto* f = static_cast<DlFilter*>(ctx);
  std::string_view insn = f->host_ ? f->host_->insn() : std::string_view();
  if (length) *length = static_cast<uint32_t>(insn.size());
  return insn.empty() ? nullptr : reinterpret_cast<const uint8_t*>(insn.data());
}

const char* DlFilter::cb_srcline(void*, uint32_t* line) {
  if (line) *line = 0;
  return nullptr;
}

perf_event_attr* DlFilter::cb_attr(void* ctx) {
  auto* f = static_cast<DlFilter*>(ctx);
  return f->host_ ? f->host_->attr() : nullptr;
}

int32_t DlFilter::cb_object_code(void*, uint64_t, void*, uint32_t) { return -1; }

void DlFilter::cb_al_cleanup(void*, dlfilter_abi::AddrLocation*) {}

void DlFilter::list(std::FILE* out, const std::vector<std::string>& exec_paths, bool verbose) {
  std::fputs("List of available dlfilters:\n", out);
  std::set<std::string> seen;
  // The current directory first, as perf, then each exec path.
  std::vector<std::string> dirs{"."};
  for (const std::string& exec : exec_paths) dirs.push_back(exec + "/dlfilters");
  for (const std::string& dir : dirs) {
    DIR* d = opendir(dir.c_str());
    if (!d) continue;
    while (dirent* e = readdir(d)) {  // directory order, as perf
      std::string n = e->d_name;
      if (n.size() < 4 || n.compare(n.size() - 3, 3, ".so") != 0 || !seen.insert(n).second) continue;
      void* h = dlopen((dir + "/" + n).c_str(), RTLD_NOW | RTLD_LOCAL);
      if (!h) continue;
      if (!dlsym(h, "filter_event") && !dlsym(h, "filter_event_early")) {  // not a filter
        dlclose(h);
        continue;
      }
      auto desc = reinterpret_cast<dlfilter_abi::DescriptionFn>(dlsym(h, "filter_description"));
      const char* longer = nullptr;
      const char* text = desc ? desc(&longer) : nullptr;
      std::fprintf(out, "  %-36s %s\n", n.c_str(), text ? text : "");
      for (std::string_view rest = verbose && longer ? longer : ""; !rest.empty();) {
        size_t nl = rest.find('\n');
        std::fprintf(out, "%39s%.*s\n", "", static_cast<int>(rest.substr(0, nl).size()), rest.data());
        rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
      }
      dlclose(h);
    }
    closedir(d);
  }
}

}  // namespace cperf
