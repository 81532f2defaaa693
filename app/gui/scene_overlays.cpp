#include "scene_overlays.h"

#include "simulation_view.h"

namespace contactsim::gui {

namespace {

render::BodyPoint bodyPoint(const Scene& scene, const std::string& body, const Vec3& world) {
  const int index = bodyIndex(scene, body);
  if (index < 0) return {-1, world};
  const Pose& pose = scene.bodies[index].pose;
  return {index, pose.rotation.transpose() * (world - pose.translation)};
}

}  // namespace

void setupSceneOverlays(render::SimulationView& view, const Scene& scene) {
  std::vector<render::CablePath> cables;
  for (const SceneCable& cable : scene.cables) {
    render::CablePath path{bodyPoint(scene, cable.body_a, cable.point_a)};
    // A chain led through a ring is drawn through the ring's centre (the rim point it bears on
    // moves; the two differ by at most the ring's radius).
    if (cable.chain && cable.chain->guide) path.push_back({-1, cable.chain->guide->centre});
    path.push_back(bodyPoint(scene, cable.body_b, cable.point_b));
    cables.push_back(std::move(path));
  }
  view.debug().setCables(std::move(cables));
  std::vector<render::JointAxis> axes;
  for (const SceneJoint& joint : scene.joints) {
    if (joint.type != JointType::Revolute && joint.type != JointType::Prismatic) continue;
    const std::string& on = bodyIndex(scene, joint.body_b) >= 0 ? joint.body_b : joint.body_a;
    const int index = bodyIndex(scene, on);
    const render::BodyPoint point = bodyPoint(scene, on, joint.point);
    const Vec3 axis =
        index < 0 ? joint.axis : Vec3(scene.bodies[index].pose.rotation.transpose() * joint.axis);
    axes.push_back({point.body, point.point, axis});
  }
  view.debug().setJointAxes(std::move(axes));
}

}  // namespace contactsim::gui
