#include "mesh_cache.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>

#include "import/scene_mesh_import.h"

namespace contactsim::python {
namespace {

struct Key {
  std::filesystem::path file;
  int units;
  double scale;
  std::string object;
  std::uintmax_t size;
  std::filesystem::file_time_type modified;
  auto tie() const { return std::tie(file, units, scale, object, size, modified); }
  bool operator<(const Key& other) const { return tie() < other.tie(); }
};

std::mutex& cacheMutex() {
  static std::mutex mutex;
  return mutex;
}

std::map<Key, std::shared_ptr<const TriMesh>>& cache() {
  static std::map<Key, std::shared_ptr<const TriMesh>> meshes;
  return meshes;
}

}  // namespace

TriMesh loadCachedMesh(const SceneMesh& request) {
  const std::filesystem::path& file = request.file;
  std::error_code error;
  const std::filesystem::path canonical = std::filesystem::weakly_canonical(file, error);
  const std::uintmax_t size = std::filesystem::file_size(file, error);
  const auto modified = std::filesystem::last_write_time(file, error);
  // A file that cannot be inspected goes straight to the importer, whose error names it.
  if (error) return importSceneMesh(request);
  const Key key{canonical, static_cast<int>(request.units), request.scale, request.object, size,
                modified};
  {
    std::lock_guard lock(cacheMutex());
    if (auto it = cache().find(key); it != cache().end()) return *it->second;
  }
  // Imported outside the lock: two threads may import the same file once each, which is
  // harmless, while a lock held across an import would serialise unrelated meshes.
  auto mesh = std::make_shared<const TriMesh>(importSceneMesh(request));
  std::lock_guard lock(cacheMutex());
  cache().emplace(key, mesh);
  return *mesh;
}

void clearMeshCache() {
  std::lock_guard lock(cacheMutex());
  cache().clear();
}

}  // namespace contactsim::python
