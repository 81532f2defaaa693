// The scene file's "solver" section (docs/scene-format.md, `solver`).

#include "scene/scene_sections.h"

namespace contactsim::scene_reading {

void readSolver(const FieldReader& r, const json& j, const std::string& path, Scene& scene) {
  r.expectObject(
      j, path,
      {"time_step", "end_time", "penalty", "newton_tolerance", "constraint_tolerance", "tolerance",
       "min_step", "max_newton_iterations", "max_step_halvings", "linear_solver"});
  SolverSettings& s = scene.solver;
  // α ∝ 1/h² (docs/dynamics.md, "The step"): a step of 1e308 s gave α = 0 and an
  // std::invalid_argument from the integrator; below 1e-12 s, t + h stops moving after a few
  // hours of simulated time.
  if (j.contains("time_step")) {
    s.time_step = r.inRange(j["time_step"], child(path, "time_step"),
                            {1e-12, false, 10.0, " s (the penalty scales with 1/time_step^2)"});
  }
  if (j.contains("end_time"))
    scene.end_time = r.nonNegative(j["end_time"], child(path, "end_time"));
  if (j.contains("penalty") && !j["penalty"].is_null()) {
    s.penalty = r.positive(j["penalty"], child(path, "penalty"));
  }
  if (j.contains("newton_tolerance")) {
    s.newton_tolerance = r.positive(j["newton_tolerance"], child(path, "newton_tolerance"));
  }
  if (j.contains("constraint_tolerance")) {
    s.constraint_tolerance =
        r.positive(j["constraint_tolerance"], child(path, "constraint_tolerance"));
  }
  if (j.contains("tolerance") && !j["tolerance"].is_null()) {
    s.tolerance = r.positive(j["tolerance"], child(path, "tolerance"));
  }
  if (j.contains("min_step")) s.min_step = r.positive(j["min_step"], child(path, "min_step"));
  if (s.min_step > s.time_step) r.fail(child(path, "min_step"), "must not exceed time_step");
  auto count = [&](const char* key, int minimum) {
    const json& v = j[key];
    if (!v.is_number_integer() || v.get<long long>() < minimum || v.get<long long>() > 1000) {
      r.fail(child(path, key), "expected an integer from " + std::to_string(minimum) +
                                   " to 1000, got " + describe(v));
    }
    return v.get<int>();
  };
  if (j.contains("max_newton_iterations"))
    s.max_newton_iterations = count("max_newton_iterations", 1);
  if (j.contains("max_step_halvings")) s.max_step_halvings = count("max_step_halvings", 0);
  if (j.contains("linear_solver")) {
    const std::string kind = r.string(j["linear_solver"], child(path, "linear_solver"));
    if (kind == "auto")
      s.linear_solver = LinearSolverKind::Auto;
    else if (kind == "dense")
      s.linear_solver = LinearSolverKind::Dense;
    else if (kind == "sparse")
      s.linear_solver = LinearSolverKind::Sparse;
    else
      r.fail(child(path, "linear_solver"),
             "expected \"auto\", \"dense\" or \"sparse\", got " + describe(j["linear_solver"]));
  }
}

}  // namespace contactsim::scene_reading
