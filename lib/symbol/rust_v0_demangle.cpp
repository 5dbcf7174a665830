// Rust v0 mangling (RFC 2603): a recursive printer over the grammar. Every print_* returns
// false on malformed input; the caller then treats the name as not Rust at all.
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "symbol/rust_demangle.h"

namespace cperf::rust_detail {
namespace {

constexpr int kMaxDepth = 500;
// Backrefs can expand exponentially and binders can ask for billions of lifetimes; like the
// reference demangler, give up past this much output.
constexpr size_t kMaxOutput = 1 << 20;

// Fixed names of the one-letter basic types, indexed by tag - 'a'.
const char* basic_type(char tag) {
  static constexpr const char* kNames[26] = {
      "i8",    "bool",  "char", "f64", "str",   "f32",  nullptr, "u8",    "isize",
      "usize", nullptr, "i32",  "u32", "i128",  "u128", "_",     nullptr, nullptr,
      "i16",   "u16",   "()",   "...", nullptr, "i64",  "u64",   "!"};
  return tag >= 'a' && tag <= 'z' ? kNames[tag - 'a'] : nullptr;
}

// RFC 3492 decoding with Rust's '_' delimiter already split off. Gives up (nullopt) past 128
// code points, like the reference demangler's small-buffer decoder.
std::optional<std::vector<uint32_t>> punycode_decode(std::string_view ascii,
                                                     std::string_view puny) {
  constexpr uint32_t kBase = 36, kTmin = 1, kTmax = 26, kSkew = 38, kDamp = 700;
  std::vector<uint32_t> out(ascii.begin(), ascii.end());
  uint32_t n = 0x80, bias = 72;
  uint64_t i = 0;
  size_t p = 0;
  bool first = true;
  while (p < puny.size()) {
    const uint64_t old_i = i;
    uint64_t w = 1;
    for (uint32_t k = kBase;; k += kBase) {
      if (p >= puny.size()) return std::nullopt;
      char c = puny[p++];
      uint32_t d;
      if (c >= 'a' && c <= 'z') {
        d = c - 'a';
      } else if (c >= '0' && c <= '9') {
        d = 26 + (c - '0');
      } else {
        return std::nullopt;
      }
      i += d * w;
      if (i > UINT32_MAX) return std::nullopt;
      uint32_t t = k <= bias ? kTmin : (k >= bias + kTmax ? kTmax : k - bias);
      if (d < t) break;
      w *= kBase - t;
      if (w > UINT32_MAX) return std::nullopt;
    }
    const uint64_t len = out.size() + 1;
    uint64_t delta = first ? (i - old_i) / kDamp : (i - old_i) / 2;
    first = false;
    delta += delta / len;
    uint32_t k = 0;
    while (delta > ((kBase - kTmin) * kTmax) / 2) {
      delta /= kBase - kTmin;
      k += kBase;
    }
    bias = k + static_cast<uint32_t>(((kBase - kTmin + 1) * delta) / (delta + kSkew));
    n += static_cast<uint32_t>(i / len);
    i %= len;
    if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return std::nullopt;
    if (out.size() >= 128) return std::nullopt;
    out.insert(out.begin() + static_cast<long>(i), n);
    ++i;
  }
  return out;
}

struct Ident {
  std::string_view ascii;
  std::string_view punycode;
  bool empty() const { return ascii.empty() && punycode.empty(); }
};

class V0Printer {
 public:
  explicit V0Printer(std::string_view sym) : sym_(sym) {}

  bool print_path(bool in_value);
  // Parses a path without output (the instantiating crate after the main path).
  bool skip_path() {
    ++skip_;
    bool ok = print_path(false);
    --skip_;
    return ok;
  }
  size_t pos() const { return pos_; }
  bool overflowed() const { return overflow_; }
  std::string& out() { return out_; }

 private:
  bool printing() const { return skip_ == 0; }
  void print(std::string_view s) {
    if (!printing()) return;
    if (out_.size() + s.size() > kMaxOutput) {
      overflow_ = true;
      return;
    }
    out_.append(s);
  }
  void print_u64(uint64_t v) { print(std::to_string(v)); }

  bool at_end() const { return pos_ >= sym_.size(); }
  bool next(char* c) {
    if (at_end()) return false;
    *c = sym_[pos_++];
    return true;
  }
  bool eat(char c) {
    if (!at_end() && sym_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  bool push_depth() { return !overflow_ && ++depth_ <= kMaxDepth; }
  void pop_depth() { --depth_; }

  bool integer_62(uint64_t* v);
  bool opt_integer_62(char tag, uint64_t* v);
  bool disambiguator(uint64_t* v) { return opt_integer_62('s', v); }
  bool hex_nibbles(std::string_view* nibbles);
  bool ident(Ident* id);
  void print_ident(const Ident& id);

  template <typename F>
  bool print_backref(F&& f);
  template <typename F>
  bool in_binder(F&& f);
  template <typename F>
  bool print_sep_list(F&& f, std::string_view sep, size_t* count = nullptr);

  bool print_generic_arg();
  bool print_type();
  bool print_fn_sig();
  bool print_dyn_trait();
  bool print_path_maybe_open_generics(bool* open);
  bool print_lifetime(uint64_t lt);
  bool print_const(bool in_value);
  bool print_const_uint(std::string_view* raw = nullptr);
  bool print_const_str_literal();
  void print_quoted(char quote, const std::vector<uint32_t>& chars);

  std::string_view sym_;
  size_t pos_ = 0;
  int depth_ = 0;
  uint64_t bound_lifetimes_ = 0;
  int skip_ = 0;
  bool overflow_ = false;
  std::string out_;
};

bool V0Printer::integer_62(uint64_t* v) {
  if (eat('_')) {
    *v = 0;
    return true;
  }
  uint64_t x = 0;
  while (!eat('_')) {
    char c;
    if (!next(&c)) return false;
    uint64_t d;
    if (c >= '0' && c <= '9') {
      d = c - '0';
    } else if (c >= 'a' && c <= 'z') {
      d = 10 + (c - 'a');
    } else if (c >= 'A' && c <= 'Z') {
      d = 36 + (c - 'A');
    } else {
      return false;
    }
    if (x > (UINT64_MAX - d) / 62) return false;
    x = x * 62 + d;
  }
  if (x == UINT64_MAX) return false;
  *v = x + 1;
  return true;
}

bool V0Printer::opt_integer_62(char tag, uint64_t* v) {
  *v = 0;
  if (!eat(tag)) return true;
  if (!integer_62(v)) return false;
  if (*v == UINT64_MAX) return false;
  ++*v;
  return true;
}

bool V0Printer::hex_nibbles(std::string_view* nibbles) {
  size_t start = pos_;
  while (true) {
    char c;
    if (!next(&c)) return false;
    if (c == '_') break;
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  *nibbles = sym_.substr(start, pos_ - 1 - start);
  return true;
}

bool V0Printer::ident(Ident* id) {
  const bool puny = eat('u');
  if (at_end() || !std::isdigit(static_cast<unsigned char>(sym_[pos_]))) return false;
  size_t len = sym_[pos_++] - '0';
  if (len != 0) {
    while (!at_end() && std::isdigit(static_cast<unsigned char>(sym_[pos_]))) {
      if (len > (SIZE_MAX - 9) / 10) return false;
      len = len * 10 + (sym_[pos_++] - '0');
    }
  }
  eat('_');  // separates the length from bytes that start with a digit or '_'
  if (len > sym_.size() - pos_) return false;
  std::string_view bytes = sym_.substr(pos_, len);
  pos_ += len;
  if (!puny) {
    *id = Ident{bytes, {}};
    return true;
  }
  size_t delim = bytes.rfind('_');
  *id = delim == std::string_view::npos ? Ident{{}, bytes}
                                        : Ident{bytes.substr(0, delim), bytes.substr(delim + 1)};
  return !id->punycode.empty();
}

void V0Printer::print_ident(const Ident& id) {
  if (!printing()) return;
  if (id.punycode.empty()) {
    print(id.ascii);
    return;
  }
  if (auto chars = punycode_decode(id.ascii, id.punycode)) {
    std::string text;
    for (uint32_t c : *chars) append_utf8(text, c);
    print(text);
    return;
  }
  print("punycode{");
  if (!id.ascii.empty()) {
    print(id.ascii);
    print("-");
  }
  print(id.punycode);
  print("}");
}

template <typename F>
bool V0Printer::print_backref(F&& f) {
  const size_t tag_pos = pos_ - 1;  // the 'B' just consumed
  uint64_t target;
  if (!integer_62(&target) || target >= tag_pos) return false;
  if (!push_depth()) return false;
  // Targets were checked when first parsed; only follow them when the text is wanted.
  bool ok = true;
  if (printing()) {
    const size_t saved = pos_;
    pos_ = target;
    ok = f();
    pos_ = saved;
  }
  pop_depth();
  return ok;
}

template <typename F>
bool V0Printer::in_binder(F&& f) {
  uint64_t count;
  if (!opt_integer_62('G', &count)) return false;
  if (!printing()) return f();
  if (count > 0) {
    print("for<");
    for (uint64_t i = 0; i < count; ++i) {
      if (i > 0) print(", ");
      ++bound_lifetimes_;
      if (!print_lifetime(1) || overflow_) return false;
    }
    print("> ");
  }
  bool ok = f();
  bound_lifetimes_ -= count;
  return ok;
}

template <typename F>
bool V0Printer::print_sep_list(F&& f, std::string_view sep, size_t* count) {
  size_t i = 0;
  while (!eat('E')) {
    if (at_end()) return false;
    if (i > 0) print(sep);
    if (!f()) return false;
    ++i;
  }
  if (count != nullptr) *count = i;
  return true;
}

bool V0Printer::print_lifetime(uint64_t lt) {
  if (!printing()) return true;  // bound lifetimes are not tracked while skipping
  print("'");
  if (lt == 0) {
    print("_");
    return true;
  }
  if (lt > bound_lifetimes_) return false;
  uint64_t depth = bound_lifetimes_ - lt;
  if (depth < 26) {
    char c = static_cast<char>('a' + depth);
    print(std::string_view(&c, 1));
  } else {
    print("_");
    print_u64(depth);
  }
  return true;
}

bool V0Printer::print_path(bool in_value) {
  if (!push_depth()) return false;
  char tag;
  if (!next(&tag)) return false;
  bool ok = true;
  switch (tag) {
    case 'C': {  // crate root; its disambiguator hash is left out of the short form
      uint64_t dis;
      Ident name;
      ok = disambiguator(&dis) && ident(&name);
      if (ok) print_ident(name);
      break;
    }
    case 'N': {
      char ns;
      if (!next(&ns) || !std::isalpha(static_cast<unsigned char>(ns))) return false;
      uint64_t dis;
      Ident name;
      ok = print_path(in_value) && disambiguator(&dis) && ident(&name);
      if (!ok) break;
      if (std::isupper(static_cast<unsigned char>(ns))) {  // closures, shims, ...
        print("::{");
        if (ns == 'C') {
          print("closure");
        } else if (ns == 'S') {
          print("shim");
        } else {
          print(std::string_view(&ns, 1));
        }
        if (!name.empty()) {
          print(":");
          print_ident(name);
        }
        print("#");
        print_u64(dis);
        print("}");
      } else if (!name.empty()) {
        print("::");
        print_ident(name);
      }
      break;
    }
    case 'M':
    case 'X':
    case 'Y': {
      if (tag != 'Y') {  // the impl's own path is not shown
        uint64_t dis;
        if (!disambiguator(&dis) || !skip_path()) return false;
      }
      print("<");
      ok = print_type();
      if (ok && tag != 'M') {
        print(" as ");
        ok = print_path(false);
      }
      print(">");
      break;
    }
    case 'I': {
      ok = print_path(in_value);
      if (!ok) break;
      if (in_value) print("::");
      print("<");
      ok = print_sep_list([this] { return print_generic_arg(); }, ", ");
      print(">");
      break;
    }
    case 'B':
      ok = print_backref([this, in_value] { return print_path(in_value); });
      break;
    default:
      return false;
  }
  pop_depth();
  return ok;
}

bool V0Printer::print_generic_arg() {
  if (eat('L')) {
    uint64_t lt;
    return integer_62(&lt) && print_lifetime(lt);
  }
  if (eat('K')) return print_const(false);
  return print_type();
}

bool V0Printer::print_type() {
  char tag;
  if (!next(&tag)) return false;
  if (const char* basic = basic_type(tag)) {
    print(basic);
    return true;
  }
  if (!push_depth()) return false;
  bool ok = true;
  switch (tag) {
    case 'R':
    case 'Q': {
      print("&");
      if (eat('L')) {
        uint64_t lt;
        if (!integer_62(&lt)) return false;
        if (lt != 0) {
          if (!print_lifetime(lt)) return false;
          print(" ");
        }
      }
      if (tag == 'Q') print("mut ");
      ok = print_type();
      break;
    }
    case 'P':
    case 'O':
      print(tag == 'P' ? "*const " : "*mut ");
      ok = print_type();
      break;
    case 'A':
    case 'S':
      print("[");
      ok = print_type();
      if (ok && tag == 'A') {
        print("; ");
        ok = print_const(true);
      }
      print("]");
      break;
    case 'T': {
      print("(");
      size_t n = 0;
      ok = print_sep_list([this] { return print_type(); }, ", ", &n);
      if (n == 1) print(",");
      print(")");
      break;
    }
    case 'F':
      ok = in_binder([this] { return print_fn_sig(); });
      break;
    case 'D': {
      print("dyn ");
      ok =
          in_binder([this] { return print_sep_list([this] { return print_dyn_trait(); }, " + "); });
      if (!ok || !eat('L')) return false;
      uint64_t lt;
      if (!integer_62(&lt)) return false;
      if (lt != 0) {
        print(" + ");
        ok = print_lifetime(lt);
      }
      break;
    }
    case 'B':
      ok = print_backref([this] { return print_type(); });
      break;
    default:
      --pos_;  // a path type: let print_path see its tag
      ok = print_path(false);
      break;
  }
  pop_depth();
  return ok;
}

bool V0Printer::print_fn_sig() {
  const bool is_unsafe = eat('U');
  std::string_view abi;
  bool has_abi = false;
  if (eat('K')) {
    has_abi = true;
    if (eat('C')) {
      abi = "C";
    } else {
      Ident id;
      if (!ident(&id) || id.ascii.empty() || !id.punycode.empty()) return false;
      abi = id.ascii;
    }
  }
  if (is_unsafe) print("unsafe ");
  if (has_abi) {
    // '-' in ABI names ("C-unwind") is mangled as '_'.
    print("extern \"");
    for (char c : abi) print(c == '_' ? "-" : std::string_view(&c, 1));
    print("\" ");
  }
  print("fn(");
  if (!print_sep_list([this] { return print_type(); }, ", ")) return false;
  print(")");
  if (eat('u')) return true;  // returns ()
  print(" -> ");
  return print_type();
}

bool V0Printer::print_path_maybe_open_generics(bool* open) {
  if (eat('B')) {
    *open = false;
    return print_backref([this, open] { return print_path_maybe_open_generics(open); });
  }
  if (eat('I')) {
    if (!print_path(false)) return false;
    print("<");
    *open = true;
    return print_sep_list([this] { return print_generic_arg(); }, ", ");
  }
  *open = false;
  return print_path(false);
}

bool V0Printer::print_dyn_trait() {
  bool open = false;
  if (!print_path_maybe_open_generics(&open)) return false;
  while (eat('p')) {
    print(open ? ", " : "<");
    open = true;
    Ident name;
    if (!ident(&name)) return false;
    print_ident(name);
    print(" = ");
    if (!print_type()) return false;
  }
  if (open) print(">");
  return true;
}

bool V0Printer::print_const_uint(std::string_view* raw) {
  std::string_view hex;
  if (!hex_nibbles(&hex)) return false;
  if (raw != nullptr) *raw = hex;
  size_t first = hex.find_first_not_of('0');
  std::string_view digits = first == std::string_view::npos ? "" : hex.substr(first);
  if (digits.size() > 16) {  // wider than u64: shown as written
    print("0x");
    print(hex);
    return true;
  }
  uint64_t v = 0;
  for (char c : digits) v = v * 16 + (c <= '9' ? c - '0' : c - 'a' + 10);
  print_u64(v);
  return true;
}

void V0Printer::print_quoted(char quote, const std::vector<uint32_t>& chars) {
  if (!printing()) return;
  std::string text(1, quote);
  for (uint32_t c : chars) {
    if ((quote == '\'' && c == '"') || (quote == '"' && c == '\'')) {
      text += static_cast<char>(c);
      continue;
    }
    switch (c) {
      case '\t':
        text += "\\t";
        continue;
      case '\r':
        text += "\\r";
        continue;
      case '\n':
        text += "\\n";
        continue;
      case '\\':
        text += "\\\\";
        continue;
      case '\'':
        text += "\\'";
        continue;
      case '"':
        text += "\\\"";
        continue;
      case 0:
        text += "\\0";
        continue;
      default:
        break;
    }
    if (c < 0x20 || (c >= 0x7f && c < 0xa0)) {
      char buf[16];
      std::snprintf(buf, sizeof(buf), "\\u{%x}", c);
      text += buf;
    } else {
      append_utf8(text, c);
    }
  }
  text += quote;
  print(text);
}

// The nibbles of a string constant are UTF-8 bytes.
bool V0Printer::print_const_str_literal() {
  std::string_view hex;
  if (!hex_nibbles(&hex) || hex.size() % 2 != 0) return false;
  std::vector<uint32_t> chars;
  for (size_t i = 0; i < hex.size();) {
    auto byte_at = [&](size_t j) {
      auto nib = [](char c) { return c <= '9' ? c - '0' : c - 'a' + 10; };
      return static_cast<uint32_t>(nib(hex[j]) << 4 | nib(hex[j + 1]));
    };
    uint32_t b = byte_at(i);
    i += 2;
    int extra = b < 0x80           ? 0
                : (b >> 5) == 0x6  ? 1
                : (b >> 4) == 0xe  ? 2
                : (b >> 3) == 0x1e ? 3
                                   : -1;
    if (extra < 0) return false;
    uint32_t cp = extra == 0 ? b : b & (0x3f >> extra);
    for (int k = 0; k < extra; ++k, i += 2) {
      if (i >= hex.size()) return false;
      uint32_t cont = byte_at(i);
      if ((cont & 0xc0) != 0x80) return false;
      cp = cp << 6 | (cont & 0x3f);
    }
    static constexpr uint32_t kMin[] = {0, 0x80, 0x800, 0x10000};
    if (cp < kMin[extra] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return false;
    chars.push_back(cp);
  }
  print_quoted('"', chars);
  return true;
}

bool V0Printer::print_const(bool in_value) {
  char tag;
  if (!next(&tag)) return false;
  if (!push_depth()) return false;
  // Only literals may stand bare in generic-argument position; other expressions get braces.
  bool braced = false;
  auto open_brace = [&] {
    if (in_value) return;
    braced = true;
    print("{");
  };
  bool ok = true;
  switch (tag) {
    case 'p':
      print("_");
      break;
    case 'h':
    case 't':
    case 'm':
    case 'y':
    case 'o':
    case 'j':
      ok = print_const_uint();
      break;
    case 'a':
    case 's':
    case 'l':
    case 'x':
    case 'n':
    case 'i':
      if (eat('n')) print("-");
      ok = print_const_uint();
      break;
    case 'b': {
      std::string_view hex;
      if (!hex_nibbles(&hex)) return false;
      size_t first = hex.find_first_not_of('0');
      std::string_view v = first == std::string_view::npos ? "" : hex.substr(first);
      if (v.empty()) {
        print("false");
      } else if (v == "1") {
        print("true");
      } else {
        return false;
      }
      break;
    }
    case 'c': {
      std::string_view hex;
      if (!hex_nibbles(&hex)) return false;
      size_t first = hex.find_first_not_of('0');
      std::string_view v = first == std::string_view::npos ? "" : hex.substr(first);
      if (v.size() > 8) return false;
      uint32_t cp = 0;
      for (char c : v) cp = cp * 16 + (c <= '9' ? c - '0' : c - 'a' + 10);
      if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return false;
      print_quoted('\'', {cp});
      break;
    }
    case 'e':
      // A str constant stands for the place `*"..."` since the literal itself is &str.
      open_brace();
      print("*");
      ok = print_const_str_literal();
      break;
    case 'R':
    case 'Q':
      if (tag == 'R' && eat('e')) {
        ok = print_const_str_literal();
      } else {
        open_brace();
        print(tag == 'R' ? "&" : "&mut ");
        ok = print_const(true);
      }
      break;
    case 'A':
      open_brace();
      print("[");
      ok = print_sep_list([this] { return print_const(true); }, ", ");
      print("]");
      break;
    case 'T': {
      open_brace();
      print("(");
      size_t n = 0;
      ok = print_sep_list([this] { return print_const(true); }, ", ", &n);
      if (n == 1) print(",");
      print(")");
      break;
    }
    case 'V': {
      open_brace();
      if (!print_path(true)) return false;
      char kind;
      if (!next(&kind)) return false;
      if (kind == 'T') {
        print("(");
        ok = print_sep_list([this] { return print_const(true); }, ", ");
        print(")");
      } else if (kind == 'S') {
        print(" { ");
        ok = print_sep_list(
            [this] {
              uint64_t dis;
              Ident name;
              if (!disambiguator(&dis) || !ident(&name)) return false;
              print_ident(name);
              print(": ");
              return print_const(true);
            },
            ", ");
        print(" }");
      } else if (kind != 'U') {
        return false;
      }
      break;
    }
    case 'B':
      ok = print_backref([this, in_value] { return print_const(in_value); });
      break;
    default:
      return false;
  }
  if (braced) print("}");
  pop_depth();
  return ok;
}

}  // namespace

std::optional<std::string> demangle_v0(std::string_view name, std::string_view* rest) {
  std::string_view inner;
  if (name.size() > 3 && name.starts_with("__R")) {
    inner = name.substr(3);
  } else if (name.size() > 2 && name.starts_with("_R")) {
    inner = name.substr(2);
  } else if (name.size() > 1 && name.starts_with("R")) {
    inner = name.substr(1);
  } else {
    return std::nullopt;
  }
  // Paths start with an uppercase tag; a leading digit would be an unsupported version.
  if (!std::isupper(static_cast<unsigned char>(inner[0]))) return std::nullopt;
  for (char c : inner) {
    if (static_cast<unsigned char>(c) >= 0x80) return std::nullopt;
  }
  V0Printer p(inner);
  // The symbol names a value, so its generic arguments print as `::<...>`.
  if (!p.print_path(true)) return std::nullopt;
  if (p.pos() < inner.size() && std::isupper(static_cast<unsigned char>(inner[p.pos()]))) {
    if (!p.skip_path()) return std::nullopt;  // the instantiating crate is not shown
  }
  if (p.overflowed()) return std::nullopt;
  *rest = inner.substr(p.pos());
  return std::move(p.out());
}

}  // namespace cperf::rust_detail
