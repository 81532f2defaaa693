#include "import/mesh_import.h"

#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <assimp/Importer.hpp>

#include <cmath>
#include <cstring>
#include <system_error>

#include "import/child_process.h"
#include "import/header_check.h"

namespace contactsim {
namespace {

struct TriangleSoup {
  std::vector<Vec3> points;
  std::vector<TriangleIndices> triangles;
  std::size_t meshes = 0;
};

// Walks the node hierarchy so that meshes placed by node transforms land where the file puts
// them; every mesh instance becomes part of the one body mesh.
void collectNode(const aiScene& scene, const aiNode& node, const aiMatrix4x4& parent,
                 TriangleSoup& soup) {
  const aiMatrix4x4 transform = parent * node.mTransformation;
  for (unsigned m = 0; m < node.mNumMeshes; ++m) {
    const aiMesh& mesh = *scene.mMeshes[node.mMeshes[m]];
    const auto base = static_cast<std::int32_t>(soup.points.size());
    bool has_triangles = false;
    for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
      const aiFace& face = mesh.mFaces[f];
      if (face.mNumIndices != 3) continue;  // points and lines carry no surface
      soup.triangles.push_back({base + static_cast<std::int32_t>(face.mIndices[0]),
                                base + static_cast<std::int32_t>(face.mIndices[1]),
                                base + static_cast<std::int32_t>(face.mIndices[2])});
      has_triangles = true;
    }
    for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
      const aiVector3D p = transform * mesh.mVertices[v];
      soup.points.emplace_back(p.x, p.y, p.z);
    }
    if (has_triangles) ++soup.meshes;
  }
  for (unsigned c = 0; c < node.mNumChildren; ++c) {
    collectNode(scene, *node.mChildren[c], transform, soup);
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
  return soup;
}

// The soup through the child's pipe: three counts, then the points' and triangles' bytes.
std::string serialise(const TriangleSoup& soup) {
  const std::size_t counts[3] = {soup.points.size(), soup.triangles.size(), soup.meshes};
  std::string bytes(reinterpret_cast<const char*>(counts), sizeof counts);
  bytes.append(reinterpret_cast<const char*>(soup.points.data()), sizeof(Vec3) * counts[0]);
  bytes.append(reinterpret_cast<const char*>(soup.triangles.data()),
               sizeof(TriangleIndices) * counts[1]);
  return bytes;
}

TriangleSoup deserialise(const std::filesystem::path& file, const std::string& bytes) {
  std::size_t counts[3];
  if (bytes.size() < sizeof counts) fail(file, "the importer's answer is truncated");
  std::memcpy(counts, bytes.data(), sizeof counts);
  const std::size_t points = sizeof(Vec3) * counts[0];
  const std::size_t triangles = sizeof(TriangleIndices) * counts[1];
  if (counts[0] > bytes.size() / sizeof(Vec3) ||
      counts[1] > bytes.size() / sizeof(TriangleIndices) ||
      bytes.size() != sizeof counts + points + triangles)
    fail(file, "the importer's answer is truncated");
  TriangleSoup soup;
  soup.points.resize(counts[0]);
  soup.triangles.resize(counts[1]);
  soup.meshes = counts[2];
  std::memcpy(static_cast<void*>(soup.points.data()), bytes.data() + sizeof counts, points);
  std::memcpy(soup.triangles.data(), bytes.data() + sizeof counts + points, triangles);
  return soup;
}

}  // namespace

ImportedMesh importMesh(const std::filesystem::path& file, const ImportOptions& options) {
  if (!std::isfinite(options.scale) || options.scale <= 0.0) {
    fail(file, "scale must be a positive finite number");
  }
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

  const double factor = metresPer(options.units) * options.scale;
  for (const Vec3& p : soup.points) {
    if (!p.allFinite()) fail(file, "vertex coordinates are not finite (NaN or Inf)");
  }
  for (Vec3& p : soup.points) p *= factor;

  ImportedMesh imported;
  try {
    imported.mesh = weldTriangleSoup(soup.points, soup.triangles, options.weld_relative_tolerance,
                                     &imported.weld);
  } catch (const std::invalid_argument& e) {
    fail(file, e.what());
  }
  if (imported.mesh.empty()) fail(file, "every triangle is degenerate (collapsed by welding)");
  imported.source_meshes = soup.meshes;
  return imported;
}

}  // namespace contactsim
