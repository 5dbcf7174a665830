// StringPool and Text: each distinct string stored once. Call-graph frames hold thousands of
// copies of the same few hundred names; a Text is a pointer into the pool (8 bytes, compared
// and printed like the string), the pool owns the strings for as long as it lives.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_set>

namespace cperf {

class Text {
 public:
  Text() = default;
  explicit Text(const std::string* s) : s_(s) {}
  const std::string& str() const { return s_ ? *s_ : empty_string(); }
  operator const std::string&() const { return str(); }  // NOLINT: reads like the string
  const char* c_str() const { return str().c_str(); }
  bool empty() const { return str().empty(); }
  bool unset() const { return s_ == nullptr; }  // default-made: no text at all
  const std::string* ptr() const { return s_; }  // identity: one pool gives one per string
  size_t size() const { return str().size(); }
  template <typename... A>
  int compare(A&&... a) const { return str().compare(std::forward<A>(a)...); }
  int compare(const Text& o) const { return s_ == o.s_ ? 0 : str().compare(o.str()); }
  bool operator==(const Text& o) const { return s_ == o.s_ || str() == o.str(); }
  bool operator==(std::string_view o) const { return str() == o; }

 private:
  static const std::string& empty_string() {
    static const std::string kEmpty;
    return kEmpty;
  }
  const std::string* s_ = nullptr;
};

class StringPool {
 public:
  Text intern(std::string_view s) {
    auto it = set_.find(s);
    if (it == set_.end()) it = set_.emplace(s).first;
    return Text(&*it);
  }

 private:
  struct Hash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::unordered_set<std::string, Hash, std::equal_to<>> set_;
};

}  // namespace cperf
