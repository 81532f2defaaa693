#include "import/mesh_import.h"

#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <assimp/Importer.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <numeric>
#include <system_error>

#include "import/child_process.h"
#include "import/header_check.h"

namespace contactsim {

// A file's triangles as read, in the file's units.
struct TriangleSoup {
  std::vector<Vec3> points;
  std::vector<TriangleIndices> triangles;
  // The file's objects (MeshObject) as Assimp names them, and each triangle's object.
  std::vector<std::string> object_names;
  std::vector<std::uint32_t> triangle_objects;
  std::vector<std::uint32_t> object_meshes;  // meshes with triangles per object
};

namespace {

// Appends one mesh instance, placed by `transform`, to object `object`; it counts as one of the
// object's meshes when it has triangles.
void appendMesh(const aiMesh& mesh, const aiMatrix4x4& transform, std::uint32_t object,
                TriangleSoup& soup) {
  const auto base = static_cast<std::int32_t>(soup.points.size());
  bool has_triangles = false;
  for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
    const aiFace& face = mesh.mFaces[f];
    if (face.mNumIndices != 3) continue;  // points and lines carry no surface
    soup.triangles.push_back({base + static_cast<std::int32_t>(face.mIndices[0]),
                              base + static_cast<std::int32_t>(face.mIndices[1]),
                              base + static_cast<std::int32_t>(face.mIndices[2])});
    soup.triangle_objects.push_back(object);
    has_triangles = true;
  }
  for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
    const aiVector3D p = transform * mesh.mVertices[v];
    soup.points.emplace_back(p.x, p.y, p.z);
  }
  if (has_triangles) ++soup.object_meshes[object];
}

// Walks the node hierarchy so that meshes placed by node transforms land where the file puts
// them. Each node with meshes is one object, named by the node, except the root holding several
// meshes: that is how Assimp reads a multi-solid STL (no child nodes), so there each mesh is an
// object, named by the mesh. An object left without triangles is dropped again.
void collectNode(const aiScene& scene, const aiNode& node, const aiMatrix4x4& parent,
                 TriangleSoup& soup) {
  const aiMatrix4x4 transform = parent * node.mTransformation;
  const bool object_per_mesh = &node == scene.mRootNode && node.mNumMeshes > 1;
  const auto open = [&](const aiString& name) {
    soup.object_names.emplace_back(name.C_Str());
    soup.object_meshes.push_back(0);
    return static_cast<std::uint32_t>(soup.object_names.size() - 1);
  };
  const auto close = [&](std::uint32_t object) {
    if (soup.object_meshes[object] > 0) return;
    soup.object_names.pop_back();
    soup.object_meshes.pop_back();
  };
  if (node.mNumMeshes > 0 && !object_per_mesh) {
    const std::uint32_t object = open(node.mName);
    for (unsigned m = 0; m < node.mNumMeshes; ++m)
      appendMesh(*scene.mMeshes[node.mMeshes[m]], transform, object, soup);
    close(object);
  }
  if (object_per_mesh) {
    for (unsigned m = 0; m < node.mNumMeshes; ++m) {
      const aiMesh& mesh = *scene.mMeshes[node.mMeshes[m]];
      const std::uint32_t object = open(mesh.mName);
      appendMesh(mesh, transform, object, soup);
      close(object);
    }
  }
  for (unsigned c = 0; c < node.mNumChildren; ++c) {
    collectNode(scene, *node.mChildren[c], transform, soup);
  }
}

// Names every object uniquely (MeshObject): unnamed ones "object N", repeats " (k)".
void nameObjects(std::vector<std::string>& names) {
  std::map<std::string, int> seen;
  for (std::size_t i = 0; i < names.size(); ++i) {
    std::string& name = names[i];
    if (name.empty()) name = "object " + std::to_string(i + 1);
    const int count = ++seen[name];
    if (count > 1) name += " (" + std::to_string(count) + ")";
  }
}

// False when a face has no vertex at all (ValidateDataStructure lets that through).
bool recomputePrimitiveTypes(aiMesh& mesh) {
  unsigned types = 0;
  for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
    const unsigned n = mesh.mFaces[f].mNumIndices;
    if (n == 0 || mesh.mFaces[f].mIndices == nullptr) return false;
    types |= n == 1   ? aiPrimitiveType_POINT
             : n == 2 ? aiPrimitiveType_LINE
             : n == 3 ? aiPrimitiveType_TRIANGLE
                      : aiPrimitiveType_POLYGON;
  }
  mesh.mPrimitiveTypes = types;
  return true;
}

[[noreturn]] void fail(const std::filesystem::path& file, const std::string& reason) {
  throw MeshImportError(file.string() + ": " + reason);
}

// Assimp's messages may span lines; the contract is one line per error.
std::string oneLine(std::string text) {
  for (char& c : text) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text.empty() ? "unknown reason" : text;
}

// The file's triangles as Assimp reads them, every mesh placed by its node's transform.
TriangleSoup readSoup(const std::filesystem::path& file) {
  Assimp::Importer importer;
  // Points and lines are split off so that every remaining face is a triangle. Vertices are
  // deliberately not joined here: welding with a scale-relative tolerance is ours.
  importer.SetPropertyInteger(AI_CONFIG_PP_SBP_REMOVE,
                              aiPrimitiveType_POINT | aiPrimitiveType_LINE);
  // Debian's Assimp is built with assertions, and its Triangulate step aborts the whole process
  // on a mesh whose faces disagree with its primitive-type flags — what some loaders leave in a
  // malformed file (an OFF with fewer face lines than declared, a PLY with a misspelt property
  // type). So the file is read and validated first, the flags recomputed from the faces, and
  // only then are the polygons triangulated (fuzz findings, docs/reliability.md).
  const aiScene* scene = importer.ReadFile(file.string(), aiProcess_ValidateDataStructure);
  if (scene != nullptr) {
    // The importer owns the scene and post-processes it in place; the flags are ours to fix.
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
      if (!recomputePrimitiveTypes(*scene->mMeshes[m]))
        fail(file, "malformed file: a face without vertices");
    }
    scene = importer.ApplyPostProcessing(aiProcess_Triangulate | aiProcess_SortByPType);
  }
  if (scene == nullptr) {
    const std::string reason = oneLine(importer.GetErrorString());
    // Assimp's way of saying that sorting by primitive type left only points and lines.
    if (reason.find("No meshes remaining") != std::string::npos)
      fail(file, "file contains no triangles");
    // Assimp catches the allocation failure of a count read from a garbled header (in the child,
    // at its address-space limit) and reports the exception's name.
    if (reason == "std::bad_alloc")
      fail(file, "the file asks for more memory than the importer may use; it is probably corrupt");
    fail(file, reason);
  }
  if ((scene->mFlags & AI_SCENE_FLAGS_INCOMPLETE) != 0 || scene->mRootNode == nullptr) {
    fail(file, "file is incomplete or holds no geometry");
  }

  TriangleSoup soup;
  collectNode(*scene, *scene->mRootNode, aiMatrix4x4(), soup);
  nameObjects(soup.object_names);
  return soup;
}

// The soup through the child's pipe: three counts, then the points', triangles' and triangle
// objects' bytes, then each object's name length, name and mesh count.
std::string serialise(const TriangleSoup& soup) {
  const std::size_t counts[3] = {soup.points.size(), soup.triangles.size(),
                                 soup.object_names.size()};
  std::string bytes(reinterpret_cast<const char*>(counts), sizeof counts);
  bytes.append(reinterpret_cast<const char*>(soup.points.data()), sizeof(Vec3) * counts[0]);
  bytes.append(reinterpret_cast<const char*>(soup.triangles.data()),
               sizeof(TriangleIndices) * counts[1]);
  bytes.append(reinterpret_cast<const char*>(soup.triangle_objects.data()),
               sizeof(std::uint32_t) * counts[1]);
  for (std::size_t i = 0; i < counts[2]; ++i) {
    const std::uint32_t header[2] = {static_cast<std::uint32_t>(soup.object_names[i].size()),
                                     soup.object_meshes[i]};
    bytes.append(reinterpret_cast<const char*>(header), sizeof header);
    bytes.append(soup.object_names[i]);
  }
  return bytes;
}

// Reads what serialise wrote, refusing anything that does not add up to exactly that.
class AnswerReader {
 public:
  AnswerReader(const std::filesystem::path& file, const std::string& bytes)
      : file_(file), bytes_(bytes) {}
  // `count` items of `size` bytes each into `out`.
  void read(void* out, std::size_t count, std::size_t size) {
    if (count > (bytes_.size() - at_) / size) fail(file_, "the importer's answer is truncated");
    std::memcpy(out, bytes_.data() + at_, count * size);
    at_ += count * size;
  }
  void finish() const {
    if (at_ != bytes_.size()) fail(file_, "the importer's answer is truncated");
  }

 private:
  const std::filesystem::path& file_;
  const std::string& bytes_;
  std::size_t at_ = 0;
};

TriangleSoup deserialise(const std::filesystem::path& file, const std::string& bytes) {
  AnswerReader in(file, bytes);
  std::size_t counts[3];
  in.read(counts, 3, sizeof(std::size_t));
  if (counts[0] > bytes.size() / sizeof(Vec3) ||
      counts[1] > bytes.size() / sizeof(TriangleIndices) || counts[2] > bytes.size())
    fail(file, "the importer's answer is truncated");
  TriangleSoup soup;
  soup.points.resize(counts[0]);
  soup.triangles.resize(counts[1]);
  soup.triangle_objects.resize(counts[1]);
  in.read(static_cast<void*>(soup.points.data()), counts[0], sizeof(Vec3));
  in.read(soup.triangles.data(), counts[1], sizeof(TriangleIndices));
  in.read(soup.triangle_objects.data(), counts[1], sizeof(std::uint32_t));
  for (std::size_t i = 0; i < counts[2]; ++i) {
    std::uint32_t header[2];
    in.read(header, 2, sizeof(std::uint32_t));
    std::string name(header[0] <= bytes.size() ? header[0] : 0, '\0');
    if (name.size() != header[0]) fail(file, "the importer's answer is truncated");
    in.read(name.data(), name.size(), 1);
    soup.object_names.push_back(std::move(name));
    soup.object_meshes.push_back(header[1]);
  }
  in.finish();
  for (const std::uint32_t object : soup.triangle_objects) {
    if (object >= soup.object_names.size()) fail(file, "the importer's answer is inconsistent");
  }
  return soup;
}

// The file's soup, read as options say (in a child process unless not isolated), checked for
// the errors every import reports.
void checkScale(const std::filesystem::path& file, double scale) {
  if (!std::isfinite(scale) || scale <= 0.0) fail(file, "scale must be a positive finite number");
}

TriangleSoup readChecked(const std::filesystem::path& file, const ImportOptions& options) {
  checkScale(file, options.scale);
  std::error_code ec;
  const auto status = std::filesystem::status(file, ec);
  if (ec || !std::filesystem::exists(status)) fail(file, "no such file");
  if (std::filesystem::is_directory(status)) fail(file, "is a directory, not a mesh file");
  const auto size = std::filesystem::file_size(file, ec);
  if (ec) fail(file, "cannot be read (" + ec.message() + ")");
  if (size == 0) fail(file, "file is empty");
  if (const auto why = implausibleHeader(file, size)) fail(file, *why);

  TriangleSoup soup;
  if (options.isolated) {
    std::string bytes;
    try {
      bytes = runInChild([&] { return serialise(readSoup(file)); });
    } catch (const ChildFailure& e) {
      // The child's own refusals already start with the file's name.
      const std::string what = e.what();
      if (what.rfind(file.string() + ": ", 0) == 0) throw MeshImportError(oneLine(what));
      fail(file, oneLine(what));
    }
    soup = deserialise(file, bytes);
  } else {
    soup = readSoup(file);
  }
  if (soup.triangles.empty()) fail(file, "file contains no triangles");
  return soup;
}

// Only `object` of `soup`: its triangles, the points they use, and it as the one object.
TriangleSoup objectOf(const std::filesystem::path& file, const std::string& object,
                      const TriangleSoup& soup) {
  const auto found = std::find(soup.object_names.begin(), soup.object_names.end(), object);
  if (found == soup.object_names.end()) {
    std::string names;
    for (const std::string& name : soup.object_names)
      names += (names.empty() ? "'" : ", '") + name + "'";
    fail(file, "no object '" + object + "' in the file (its objects: " + names + ")");
  }
  const auto index = static_cast<std::uint32_t>(found - soup.object_names.begin());
  std::vector<std::int32_t> renumbered(soup.points.size(), -1);
  TriangleSoup kept;
  for (std::size_t t = 0; t < soup.triangles.size(); ++t) {
    if (soup.triangle_objects[t] != index) continue;
    TriangleIndices triangle = soup.triangles[t];
    for (std::int32_t& v : triangle) {
      if (v < 0 || static_cast<std::size_t>(v) >= soup.points.size())
        fail(file, "a triangle refers to a vertex the file does not have");
      if (renumbered[v] < 0) {
        renumbered[v] = static_cast<std::int32_t>(kept.points.size());
        kept.points.push_back(soup.points[v]);
      }
      v = renumbered[v];
    }
    kept.triangles.push_back(triangle);
  }
  kept.triangle_objects.assign(kept.triangles.size(), 0);
  kept.object_names = {soup.object_names[index]};
  kept.object_meshes = {soup.object_meshes[index]};
  return kept;
}

}  // namespace

MeshFile::MeshFile(const std::filesystem::path& file, const ImportOptions& options)
    : file_(file), soup_(std::make_shared<const TriangleSoup>(readChecked(file, options))) {}

MeshFile::~MeshFile() = default;

std::vector<MeshObject> MeshFile::objects() const {
  std::vector<MeshObject> objects(soup_->object_names.size());
  for (std::size_t i = 0; i < objects.size(); ++i) objects[i].name = soup_->object_names[i];
  for (const std::uint32_t object : soup_->triangle_objects) ++objects[object].triangles;
  return objects;
}

ImportedMesh MeshFile::mesh(const ImportOptions& options) const {
  checkScale(file_, options.scale);
  TriangleSoup soup = options.object.empty() ? *soup_ : objectOf(file_, options.object, *soup_);

  const double factor = metresPer(options.units) * options.scale;
  for (const Vec3& p : soup.points) {
    if (!p.allFinite()) fail(file_, "vertex coordinates are not finite (NaN or Inf)");
  }
  for (Vec3& p : soup.points) p *= factor;

  ImportedMesh imported;
  try {
    imported.mesh = weldTriangleSoup(soup.points, soup.triangles, options.weld_relative_tolerance,
                                     &imported.weld);
  } catch (const std::invalid_argument& e) {
    fail(file_, e.what());
  }
  if (imported.mesh.empty()) fail(file_, "every triangle is degenerate (collapsed by welding)");
  imported.source_meshes =
      std::accumulate(soup.object_meshes.begin(), soup.object_meshes.end(), std::size_t{0});
  return imported;
}

ImportedMesh importMesh(const std::filesystem::path& file, const ImportOptions& options) {
  return MeshFile(file, options).mesh(options);
}

std::vector<MeshObject> listMeshObjects(const std::filesystem::path& file,
                                        const ImportOptions& options) {
  return MeshFile(file, options).objects();
}

}  // namespace contactsim
