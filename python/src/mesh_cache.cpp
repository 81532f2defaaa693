#include "mesh_cache.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>

#include "import/scene_mesh_import.h"

namespace contactsim::python {
namespace {

// A file as read: its path, size and modification time.
struct FileKey {
  std::filesystem::path file;
  std::uintmax_t size;
  std::filesystem::file_time_type modified;
  auto tie() const { return std::tie(file, size, modified); }
  bool operator<(const FileKey& other) const { return tie() < other.tie(); }
};

// A mesh imported from it.
struct MeshKey {
  FileKey file;
  int units;
  double scale;
  std::string object;
  auto tie() const { return std::tie(file, units, scale, object); }
  bool operator<(const MeshKey& other) const { return tie() < other.tie(); }
};

struct Cache {
  std::mutex mutex;
  std::map<FileKey, std::shared_ptr<const MeshFile>> files;
  std::map<MeshKey, std::shared_ptr<const TriMesh>> meshes;
};

Cache& cache() {
  static Cache cache;
  return cache;
}

// The file read once (as `options` ask to read it), however many bodies and runs take meshes
// from it.
std::shared_ptr<const MeshFile> cachedFile(const FileKey& key, const std::filesystem::path& file,
                                           const ImportOptions& options) {
  {
    std::lock_guard lock(cache().mutex);
    if (auto it = cache().files.find(key); it != cache().files.end()) return it->second;
  }
  // Read outside the lock: two threads may read the same file once each, which is harmless,
  // while a lock held across a read would serialise unrelated meshes.
  auto read = std::make_shared<const MeshFile>(file, options);
  std::lock_guard lock(cache().mutex);
  return cache().files.emplace(key, std::move(read)).first->second;
}

}  // namespace

TriMesh loadCachedMesh(const SceneMesh& request) {
  const std::filesystem::path& file = request.file;
  const ImportOptions options = importOptionsFor(request);
  std::error_code error;
  const std::filesystem::path canonical = std::filesystem::weakly_canonical(file, error);
  const std::uintmax_t size = std::filesystem::file_size(file, error);
  const auto modified = std::filesystem::last_write_time(file, error);
  // A file that cannot be inspected goes straight to the importer, whose error names it.
  if (error) return importMesh(file, options).mesh;
  const MeshKey key{
      {canonical, size, modified}, static_cast<int>(request.units), request.scale, request.object};
  {
    std::lock_guard lock(cache().mutex);
    if (auto it = cache().meshes.find(key); it != cache().meshes.end()) return *it->second;
  }
  auto mesh =
      std::make_shared<const TriMesh>(cachedFile(key.file, file, options)->mesh(options).mesh);
  std::lock_guard lock(cache().mutex);
  cache().meshes.emplace(key, mesh);
  return *mesh;
}

void clearMeshCache() {
  std::lock_guard lock(cache().mutex);
  cache().files.clear();
  cache().meshes.clear();
}

}  // namespace contactsim::python
