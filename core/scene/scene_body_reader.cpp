// The scene file's "materials" and "bodies" sections: meshes, poses, velocities and mass
// properties (docs/scene-format.md, `materials[]`, `bodies[]` and "Mass properties").

#include "scene/scene_sections.h"

#include <Eigen/Eigenvalues>
#include <sstream>

#include "geometry/mass_properties.h"
#include "geometry/shell_mass_properties.h"

namespace contactsim::scene_reading {
namespace {

// docs/scene-format.md, "Mass properties": from the mesh and the density unless given; `mass` alone
// rescales the mesh-derived inertia; `center_of_mass` and `inertia` override.
void resolveMass(const FieldReader& r, const json& j, const std::string& path, const Scene& scene,
                 SceneBody& body, std::vector<std::string>& warnings) {
  std::optional<MassProperties> from_mesh;
  if (body.mesh) {
    double density = 1.0;
    for (const SceneMaterial& m : scene.materials) {
      if (m.name == body.material) density = m.density;
    }
    from_mesh = body.mesh->shell_thickness ? computeShellMassProperties(*body.mesh->mesh, density,
                                                                        *body.mesh->shell_thickness)
                                           : computeMassProperties(*body.mesh->mesh, density);
    for (const std::string& w : from_mesh->warnings) {
      warnings.push_back(child(path, "mesh") + ": " + w);
    }
  }
  const bool has_density = body.mesh && !body.material.empty();
  MassInertia& mi = body.mass;
  if (j.contains("mass")) {
    mi.mass = r.positive(j["mass"], child(path, "mass"));
    if (from_mesh && from_mesh->mass > 0.0) {
      mi.center_of_mass = from_mesh->centroid;
      mi.inertia = from_mesh->inertia * (mi.mass / from_mesh->mass);
      if (!mi.inertia.allFinite())
        r.fail(child(path, "mass"), "too large: the mesh's inertia scaled to it overflows");
    }
  } else if (has_density) {
    mi.mass = from_mesh->mass;
    mi.center_of_mass = from_mesh->centroid;
    mi.inertia = from_mesh->inertia;
  } else if (!body.fixed) {
    r.fail(path, "a moving body needs \"mass\" or a \"mesh\" with a \"material\" (density)");
  }
  if (j.contains("center_of_mass")) {
    mi.center_of_mass = r.vec3(j["center_of_mass"], child(path, "center_of_mass"));
  }
  const std::string inertia_path = child(path, "inertia");
  if (j.contains("inertia")) {
    const Eigen::VectorXd v = r.numbers(j["inertia"], inertia_path, 6);
    mi.inertia << v[0], v[3], v[4], v[3], v[1], v[5], v[4], v[5], v[2];
  } else if (!body.fixed && !body.mesh) {
    r.fail(inertia_path,
           "required for a moving body without a mesh ([Ixx, Iyy, Izz, Ixy, Ixz, Iyz])");
  }
  if (body.fixed) return;
  if (!(mi.mass > 0.0))
    r.fail(child(path, "mass"), "the mesh encloses no volume: give \"mass\" and \"inertia\"");
  // The natural-coordinate mass matrix needs a positive definite inertia whose principal moments
  // satisfy the triangle inequality (docs/dynamics.md, "Natural coordinates").
  const Eigen::Vector3d moments = Eigen::SelfAdjointEigenSolver<Mat3>(mi.inertia).eigenvalues();
  const double largest = moments.cwiseAbs().maxCoeff();
  const bool ok = mi.inertia.allFinite() && largest > 0.0 &&
                  (mi.inertia - mi.inertia.transpose()).norm() <= 1e-12 * largest &&
                  moments.minCoeff() > 1e-9 * largest &&
                  moments[0] + moments[1] > moments[2] * (1.0 + 1e-9);
  if (!ok) {
    std::ostringstream message;
    message << "singular inertia (principal moments " << moments[0] << ", " << moments[1] << ", "
            << moments[2] << "): expected positive moments with I1 + I2 > I3";
    r.fail(j.contains("inertia") ? inertia_path : child(path, "mesh"),
           message.str() + (j.contains("inertia") ? "" : "; give \"inertia\" explicitly"));
  }
}

}  // namespace

void readMaterials(const FieldReader& r, const json& j, const std::string& path, Scene& scene) {
  std::set<std::string> names;
  for (std::size_t i = 0; i < r.array(j, path).size(); ++i) {
    const std::string p = element(path, i);
    const json& m = j[i];
    r.expectObject(m, p, {"name", "density", "young_modulus", "poisson_ratio"});
    SceneMaterial material;
    if (!m.contains("name")) r.fail(child(p, "name"), "required");
    material.name = r.uniqueName(m["name"], child(p, "name"), names, "material");
    if (!m.contains("density")) r.fail(child(p, "density"), "required (kg/m^3)");
    material.density = r.positive(m["density"], child(p, "density"));
    if (m.contains("young_modulus")) {
      material.young_modulus = r.positive(m["young_modulus"], child(p, "young_modulus"));
    }
    if (m.contains("poisson_ratio")) {
      const double nu = r.number(m["poisson_ratio"], child(p, "poisson_ratio"));
      if (!(nu > 0.0 && nu < 0.5)) {
        r.fail(child(p, "poisson_ratio"),
               "expected 0 < nu < 0.5, got " + describe(m["poisson_ratio"]));
      }
      material.poisson_ratio = nu;
    }
    scene.materials.push_back(material);
  }
}

void readBodyState(const FieldReader& r, const json& j, const std::string& path,
                   SceneBodyState& state) {
  if (j.contains("position"))
    state.pose.translation = r.vec3(j["position"], child(path, "position"));
  if (j.contains("orientation")) {
    const Eigen::VectorXd q = r.numbers(j["orientation"], child(path, "orientation"), 4);
    if (!(q.norm() > 1e-12))
      r.fail(child(path, "orientation"),
             "zero quaternion (expected [w, x, y, z] of non-zero length)");
    state.pose.rotation =
        Eigen::Quaterniond(q[0], q[1], q[2], q[3]).normalized().toRotationMatrix();
  }
  if (j.contains("linear_velocity"))
    state.linear_velocity = r.vec3(j["linear_velocity"], child(path, "linear_velocity"));
  if (j.contains("angular_velocity"))
    state.angular_velocity = r.vec3(j["angular_velocity"], child(path, "angular_velocity"));
}

SceneBody readBody(const FieldReader& r, const MeshLoader& load_mesh, const json& j,
                   const std::string& path, const Scene& scene,
                   std::vector<std::string>& warnings) {
  r.expectObject(j, path,
                 {"name", "fixed", "mesh", "material", "mass", "center_of_mass", "inertia",
                  "position", "orientation", "linear_velocity", "angular_velocity"});
  SceneBody body;
  body.name = j["name"].get<std::string>();
  if (j.contains("fixed")) body.fixed = r.boolean(j["fixed"], child(path, "fixed"));
  if (j.contains("material")) {
    body.material = r.string(j["material"], child(path, "material"));
    bool known = false;
    for (const SceneMaterial& m : scene.materials) known = known || m.name == body.material;
    if (!known) r.fail(child(path, "material"), "unknown material '" + body.material + "'");
  }
  if (j.contains("mesh")) {
    const std::string mp = child(path, "mesh");
    const json& m = j["mesh"];
    r.expectObject(m, mp, {"file", "units", "scale", "shell_thickness", "object"});
    SceneMesh mesh;
    if (!m.contains("file")) r.fail(child(mp, "file"), "required");
    const std::filesystem::path relative = r.string(m["file"], child(mp, "file"));
    mesh.file = relative.is_absolute() ? relative : r.file().parent_path() / relative;
    if (m.contains("units")) {
      const std::string u = r.string(m["units"], child(mp, "units"));
      const std::optional<LengthUnit> unit = parseLengthUnit(u);
      if (!unit) r.fail(child(mp, "units"), "expected one of m, cm, mm, in, got \"" + u + "\"");
      mesh.units = *unit;
    }
    if (m.contains("scale")) mesh.scale = r.positive(m["scale"], child(mp, "scale"));
    if (m.contains("shell_thickness"))
      mesh.shell_thickness = r.positive(m["shell_thickness"], child(mp, "shell_thickness"));
    if (m.contains("object")) {
      mesh.object = r.string(m["object"], child(mp, "object"));
      if (mesh.object.empty()) r.fail(child(mp, "object"), "expected an object's name, got \"\"");
    }
    try {
      mesh.mesh = std::make_shared<const TriMesh>(load_mesh(mesh));
    } catch (const std::exception& e) {
      r.fail(child(mp, "file"), std::string("cannot load mesh: ") + e.what());
    }
    body.mesh = std::move(mesh);
  }
  SceneBodyState state;
  readBodyState(r, j, path, state);
  body.pose = state.pose;
  body.linear_velocity = state.linear_velocity;
  body.angular_velocity = state.angular_velocity;
  resolveMass(r, j, path, scene, body, warnings);
  return body;
}

}  // namespace contactsim::scene_reading
