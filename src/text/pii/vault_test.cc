#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "src/text/pii/vault_crypto.h"
#include "src/text/pii/vault_key.h"

namespace engram::text::pii {
namespace {

VaultKey TestKey(char fill) { return VaultKey::FromBytes(std::string(32, fill)).value(); }

// A fresh directory under TMPDIR, removed with its files at the end of the test.
class TempDir {
 public:
  TempDir() {
    const char* base = std::getenv("TMPDIR");
    std::string tmpl = std::string(base ? base : "/tmp") + "/engram_vault_XXXXXX";
    path_ = mkdtemp(tmpl.data());
  }
  ~TempDir() {
    for (const char* name : {"key", "other"}) ::unlink((path_ + "/" + name).c_str());
    ::rmdir(path_.c_str());
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

TEST(VaultCryptoTest, SealThenOpenRoundTrips) {
  const VaultKey key = TestKey('k');
  const std::string ad = VaultAssociatedData("u:alice", "⟦PHONE:1⟧");
  Result<SealedPii> sealed = SealPii(key, "13912345432", ad);
  ASSERT_TRUE(sealed.ok());
  EXPECT_EQ(sealed->nonce.size(), kVaultNonceBytes);
  EXPECT_EQ(sealed->ciphertext.size(), 11 + kVaultTagBytes);
  EXPECT_EQ(sealed->ciphertext.find("13912345432"), std::string::npos);
  Result<std::string> opened = OpenPii(key, *sealed, ad);
  ASSERT_TRUE(opened.ok()) << opened.status().ToString();
  EXPECT_EQ(*opened, "13912345432");
}

TEST(VaultCryptoTest, UsesAFreshNonceEachTime) {
  const VaultKey key = TestKey('k');
  Result<SealedPii> a = SealPii(key, "same", "ad");
  Result<SealedPii> b = SealPii(key, "same", "ad");
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_NE(a->nonce, b->nonce);
  EXPECT_NE(a->ciphertext, b->ciphertext);
}

TEST(VaultCryptoTest, RejectsWrongKeyTamperingAndMovedRows) {
  const VaultKey key = TestKey('k');
  const std::string ad = VaultAssociatedData("u:alice", "⟦PHONE:1⟧");
  SealedPii sealed = SealPii(key, "13912345432", ad).value();
  EXPECT_EQ(OpenPii(TestKey('j'), sealed, ad).status().code(), StatusCode::kCorruption);
  EXPECT_EQ(OpenPii(key, sealed, VaultAssociatedData("u:bob", "⟦PHONE:1⟧")).status().code(),
            StatusCode::kCorruption);
  SealedPii flipped = sealed;
  flipped.ciphertext[0] ^= 1;
  EXPECT_EQ(OpenPii(key, flipped, ad).status().code(), StatusCode::kCorruption);
  SealedPii short_nonce = sealed;
  short_nonce.nonce.pop_back();
  EXPECT_EQ(OpenPii(key, short_nonce, ad).status().code(), StatusCode::kCorruption);
  SealedPii truncated = sealed;
  truncated.ciphertext.resize(3);
  EXPECT_EQ(OpenPii(key, truncated, ad).status().code(), StatusCode::kCorruption);
}

TEST(VaultCryptoTest, TokenIdIsStableKeyedAndScoped) {
  const VaultKey key = TestKey('k');
  const std::string id = PiiTokenId(key, "u:alice", PiiKind::kPhone, "13912345432");
  EXPECT_EQ(id.size(), 16u);
  EXPECT_EQ(id.find_first_not_of("abcdefghijklmnopqrstuvwxyz234567"), std::string::npos);
  EXPECT_EQ(id, PiiTokenId(key, "u:alice", PiiKind::kPhone, "13912345432"));
  EXPECT_NE(id, PiiTokenId(key, "u:bob", PiiKind::kPhone, "13912345432"));
  EXPECT_NE(id, PiiTokenId(key, "u:alice", PiiKind::kPhone, "13912345433"));
  EXPECT_NE(id, PiiTokenId(TestKey('j'), "u:alice", PiiKind::kPhone, "13912345432"));
}

TEST(VaultCryptoTest, KeyFromBytesChecksLength) {
  EXPECT_EQ(VaultKey::FromBytes("short").status().code(), StatusCode::kInvalidArgument);
}

TEST(VaultKeyTest, ParsesHexAndBase64) {
  const std::string hex(64, 'a');
  Result<VaultKey> k = ParseVaultKey("  " + hex + "\n");
  ASSERT_TRUE(k.ok());
  EXPECT_EQ(FormatVaultKey(*k), hex + "\n");
  Result<VaultKey> b = ParseVaultKey("qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqo=");  // 32 x 0xaa
  ASSERT_TRUE(b.ok()) << b.status().ToString();
  EXPECT_EQ(FormatVaultKey(*b), hex + "\n");
  EXPECT_EQ(ParseVaultKey("abc").status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(ParseVaultKey(std::string(64, 'g')).status().code(), StatusCode::kInvalidArgument);
}

TEST(VaultKeyTest, EnvironmentValueWinsOverFile) {
  VaultKeyOptions options;
  options.env_value = std::string(64, 'b');
  options.key_file = "/nonexistent/dir/key";
  Result<VaultKey> k = LoadVaultKey(options);
  ASSERT_TRUE(k.ok());
  EXPECT_EQ(FormatVaultKey(*k), std::string(64, 'b') + "\n");
  options.env_value = "not a key";
  Result<VaultKey> bad = LoadVaultKey(options);
  EXPECT_EQ(bad.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(bad.status().message().find("ENGRAM_VAULT_KEY"), std::string::npos);
}

TEST(VaultKeyTest, CreatesKeyFileWith0600OnFirstUseAndReloadsIt) {
  TempDir dir;
  VaultKeyOptions options;
  options.key_file = dir.path() + "/key";
  Result<VaultKey> first = LoadVaultKey(options);
  ASSERT_TRUE(first.ok()) << first.status().ToString();
  struct stat st;
  ASSERT_EQ(::stat(options.key_file.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  EXPECT_EQ(st.st_size, 65);
  Result<VaultKey> second = LoadVaultKey(options);
  ASSERT_TRUE(second.ok());
  EXPECT_EQ(FormatVaultKey(*first), FormatVaultKey(*second));
}

TEST(VaultKeyTest, RefusesKeyFileReadableByOthers) {
  TempDir dir;
  const std::string path = dir.path() + "/key";
  std::ofstream(path) << std::string(64, 'c') << "\n";
  ASSERT_EQ(::chmod(path.c_str(), 0644), 0);
  VaultKeyOptions options;
  options.key_file = path;
  Result<VaultKey> k = LoadVaultKey(options);
  EXPECT_EQ(k.status().code(), StatusCode::kPermissionDenied);
  EXPECT_NE(k.status().message().find("0644"), std::string::npos);
  EXPECT_NE(k.status().message().find("chmod 600"), std::string::npos);
  ASSERT_EQ(::chmod(path.c_str(), 0600), 0);
  EXPECT_TRUE(LoadVaultKey(options).ok());
}

TEST(VaultKeyTest, ReportsMissingMalformedAndUnconfigured) {
  TempDir dir;
  VaultKeyOptions options;
  options.key_file = dir.path() + "/key";
  options.create_if_missing = false;
  EXPECT_EQ(LoadVaultKey(options).status().code(), StatusCode::kNotFound);
  std::ofstream(options.key_file) << "garbage\n";
  ASSERT_EQ(::chmod(options.key_file.c_str(), 0600), 0);
  EXPECT_EQ(LoadVaultKey(options).status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(LoadVaultKey(VaultKeyOptions{}).status().code(), StatusCode::kFailedPrecondition);
  VaultKeyOptions in_missing_dir;
  in_missing_dir.key_file = dir.path() + "/no/such/dir/key";
  EXPECT_EQ(LoadVaultKey(in_missing_dir).status().code(), StatusCode::kIOError);
}

}  // namespace
}  // namespace engram::text::pii
