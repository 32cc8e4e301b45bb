//===- CacheKey.cpp - What a JIT cache entry is keyed on ------------------===//
#include "compiler/JIT/CacheKey.h"

#include "llvm/Support/SHA256.h"

#include <map>

using namespace kiln;

std::string kiln::toHex(const Digest &digest) {
  static const char *hex = "0123456789abcdef";
  std::string out;
  out.reserve(64);
  for (uint8_t byte : digest) {
    out.push_back(hex[byte >> 4]);
    out.push_back(hex[byte & 15]);
  }
  return out;
}

Digest kiln::sha256(llvm::ArrayRef<uint8_t> data) {
  return llvm::SHA256::hash(data);
}

Digest kiln::sha256(llvm::StringRef data) {
  return sha256(llvm::ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(data.data()), data.size()));
}

void CacheKey::add(llvm::StringRef category, llvm::StringRef name,
                   llvm::StringRef value, bool isDigest) {
  components_.push_back({category.str(), name.str(), value.str(), isDigest});
}

Digest CacheKey::digest() const {
  llvm::SHA256 hasher;
  // Length-prefixed fields: no two different lists hash the same text.
  auto field = [&](llvm::StringRef text) {
    hasher.update(std::to_string(text.size()));
    hasher.update(":");
    hasher.update(text);
  };
  for (const KeyComponent &c : components_) {
    field(c.category);
    field(c.name);
    field(c.value);
  }
  return hasher.final();
}

namespace {
std::string describe(const KeyComponent *before, const KeyComponent *after) {
  const KeyComponent &c = after ? *after : *before;
  if (!before)
    return c.name + " added" + (c.isDigest ? "" : " (" + c.value + ")");
  if (!after)
    return c.name + " removed" + (c.isDigest ? "" : " (was " + c.value + ")");
  if (c.isDigest)
    return c.name + " changed";
  return c.name + ": " + before->value + " -> " + after->value;
}
} // namespace

std::vector<RecompileReason> kiln::diffKeys(const CacheKey &before,
                                            const CacheKey &after) {
  std::map<std::string, const KeyComponent *> old;
  for (const KeyComponent &c : before.components())
    old[c.name] = &c;
  std::vector<RecompileReason> reasons;
  for (const KeyComponent &c : after.components()) {
    auto it = old.find(c.name);
    if (it == old.end()) {
      reasons.push_back({c.category, describe(nullptr, &c)});
      continue;
    }
    if (it->second->value != c.value)
      reasons.push_back({c.category, describe(it->second, &c)});
    old.erase(it);
  }
  for (const KeyComponent &c : before.components())
    if (old.count(c.name))
      reasons.push_back({c.category, describe(&c, nullptr)});
  return reasons;
}

std::string kiln::describeReasons(const std::vector<RecompileReason> &reasons) {
  std::string text;
  for (const RecompileReason &r : reasons)
    text += (text.empty() ? "" : "; ") + r.detail;
  return text;
}

namespace {
std::string escapeField(llvm::StringRef text) {
  std::string out;
  for (char c : text) {
    if (c == '\\')
      out += "\\\\";
    else if (c == '\t')
      out += "\\t";
    else if (c == '\n')
      out += "\\n";
    else
      out.push_back(c);
  }
  return out;
}

std::optional<std::string> unescapeField(llvm::StringRef text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\') {
      out.push_back(text[i]);
      continue;
    }
    if (++i == text.size())
      return std::nullopt;
    if (text[i] == 't')
      out.push_back('\t');
    else if (text[i] == 'n')
      out.push_back('\n');
    else if (text[i] == '\\')
      out.push_back('\\');
    else
      return std::nullopt;
  }
  return out;
}
} // namespace

std::string kiln::serializeKey(const CacheKey &key) {
  std::string text;
  for (const KeyComponent &c : key.components())
    text += escapeField(c.category) + "\t" + escapeField(c.name) + "\t" +
            (c.isDigest ? "1" : "0") + "\t" + escapeField(c.value) + "\n";
  return text;
}

std::optional<CacheKey> kiln::parseSerializedKey(llvm::StringRef text) {
  CacheKey key;
  llvm::SmallVector<llvm::StringRef> lines;
  text.split(lines, '\n', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef line : lines) {
    llvm::SmallVector<llvm::StringRef, 4> fields;
    line.split(fields, '\t');
    if (fields.size() != 4 || (fields[2] != "0" && fields[2] != "1"))
      return std::nullopt;
    std::optional<std::string> category = unescapeField(fields[0]);
    std::optional<std::string> name = unescapeField(fields[1]);
    std::optional<std::string> value = unescapeField(fields[3]);
    if (!category || !name || !value)
      return std::nullopt;
    key.add(*category, *name, *value, fields[2] == "1");
  }
  return key;
}
