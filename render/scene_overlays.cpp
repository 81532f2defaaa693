#include "scene_overlays.h"

#include "simulation_view.h"

namespace contactsim::render {

namespace {

BodyPoint bodyPoint(const Scene& scene, const std::string& body, const Vec3& world) {
  const int index = bodyIndex(scene, body);
  if (index < 0) return {-1, world};
  const Pose& pose = scene.bodies[index].pose;
  return {index, pose.rotation.transpose() * (world - pose.translation)};
}

}  // namespace

std::vector<CablePath> sceneCablePaths(const Scene& scene) {
  std::vector<CablePath> cables;
  for (const SceneCable& cable : scene.cables) {
    CablePath path;
    path.points = {bodyPoint(scene, cable.body_a, cable.point_a),
                   bodyPoint(scene, cable.body_b, cable.point_b)};
    if (cable.chain) path.guide = cable.chain->guide;
    cables.push_back(std::move(path));
  }
  return cables;
}

std::vector<JointAxis> sceneJointAxes(const Scene& scene) {
  std::vector<JointAxis> axes;
  for (const SceneJoint& joint : scene.joints) {
    if (joint.type != JointType::Revolute && joint.type != JointType::Prismatic) continue;
    const std::string& on = bodyIndex(scene, joint.body_b) >= 0 ? joint.body_b : joint.body_a;
    const int index = bodyIndex(scene, on);
    const BodyPoint point = bodyPoint(scene, on, joint.point);
    const Vec3 axis =
        index < 0 ? joint.axis : Vec3(scene.bodies[index].pose.rotation.transpose() * joint.axis);
    axes.push_back({point.body, point.point, axis});
  }
  return axes;
}

void setupSceneOverlays(SimulationView& view, const Scene& scene) {
  view.debug().setCables(sceneCablePaths(scene));
  view.debug().setJointAxes(sceneJointAxes(scene));
}

}  // namespace contactsim::render
