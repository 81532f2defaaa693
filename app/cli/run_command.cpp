// `contactsim-cli run SCENE [--until T] [--dt H] [--output-every S] [--csv FILE] [--json]`:
// runs a scene headless (architecture.md, "Command-line contract").
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>

#include "cli/commands.h"
#include "dynamics/ali3p_integrator.h"
#include "import/mesh_import.h"
#include "scene/scene_reader.h"
#include "scene/scene_system.h"

namespace contactsim::cli {
namespace {

struct RunArguments {
  std::string scene;
  std::optional<double> until, dt, output_every;
  std::string csv;
  bool json = false;
};

TriMesh importForScene(const std::filesystem::path& file, LengthUnit units, double scale) {
  ImportOptions options;
  options.units = units;
  options.scale = scale;
  return importMesh(file, options).mesh;
}

// Body-state CSV: t, then per body x,y,z,qw,qx,qy,qz,vx,vy,vz,wx,wy,wz (body frame origin, world
// angular velocity), then per cable length,tension.
class StateCsv {
 public:
  StateCsv(const std::string& path, const Scene& scene) : out_(path) {
    if (!out_) throw std::runtime_error("--csv: cannot write '" + path + "'");
    out_ << 't';
    for (const SceneBody& b : scene.bodies) {
      for (const char* c :
           {"x", "y", "z", "qw", "qx", "qy", "qz", "vx", "vy", "vz", "wx", "wy", "wz"}) {
        out_ << ',' << b.name << '.' << c;
      }
    }
    for (const SceneCable& c : scene.cables)
      out_ << ',' << c.name << ".length," << c.name << ".tension";
    out_ << '\n';
  }

  void write(const Ali3pIntegrator& integrator) {
    const MultibodySystem& system = integrator.system();
    const MultibodyState& s = integrator.state();
    number(s.t);
    for (BodyIndex b = 0; b < static_cast<BodyIndex>(system.bodies().size()); ++b) {
      const Pose pose = system.bodyPose(b, s.q);
      Eigen::Quaterniond q(pose.rotation);
      if (q.w() < 0.0) q.coeffs() = -q.coeffs();  // one of the two signs, consistently
      const Vec3 v = system.bodyOriginVelocity(b, s.qdot);
      const Vec3 w = system.bodyAngularVelocity(b, s.q, s.qdot);
      for (double x : {pose.translation.x(), pose.translation.y(), pose.translation.z(), q.w(),
                       q.x(), q.y(), q.z(), v.x(), v.y(), v.z(), w.x(), w.y(), w.z()}) {
        number(x);
      }
    }
    for (int c = 0; c < static_cast<int>(system.cables().size()); ++c) {
      number(integrator.cableLength(c));
      number(integrator.cableTension(c));
    }
    out_.seekp(-1, std::ios::cur);  // drop the trailing comma
    out_ << '\n';
    if (!out_) throw std::runtime_error("--csv: write failed");
  }

  void flush() { out_.flush(); }

 private:
  void number(double x) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.10g,", x);
    out_ << buffer;
  }
  std::ofstream out_;
};

// A one-line progress bar redrawn in place on stderr, only when stderr is a terminal.
class ProgressBar {
 public:
  ProgressBar() : enabled_(isatty(fileno(stderr)) != 0) {}
  void update(double fraction, double t) {
    if (!enabled_) return;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ < std::chrono::milliseconds(100) && fraction < 1.0) return;
    last_ = now;
    const int width = 40, filled = static_cast<int>(std::lround(fraction * width));
    std::fprintf(stderr, "\r[%s%s] %3d%%  t = %.4g s", std::string(filled, '#').c_str(),
                 std::string(width - filled, ' ').c_str(), static_cast<int>(fraction * 100), t);
    std::fflush(stderr);
  }
  void finish() {
    if (enabled_) std::fprintf(stderr, "\n");
  }

 private:
  bool enabled_;
  std::chrono::steady_clock::time_point last_{};
};

void runScene(const RunArguments& args) {
  Scene scene = readScene(args.scene, importForScene);
  for (const std::string& warning : scene.warnings)
    std::fprintf(stderr, "warning: %s\n", warning.c_str());
  if (args.dt) {
    if (!(*args.dt > 0.0) || !std::isfinite(*args.dt))
      throw std::runtime_error("--dt: expected a positive number of seconds");
    scene.solver.time_step = *args.dt;
  }
  const double h = scene.solver.time_step;
  const double until = args.until.value_or(scene.end_time);
  if (!(until >= 0.0) || !std::isfinite(until))
    throw std::runtime_error("--until: expected a time >= 0 s");
  const double output_every = args.output_every.value_or(h);
  if (!(output_every > 0.0) || !std::isfinite(output_every)) {
    throw std::runtime_error("--output-every: expected a positive number of seconds");
  }
  // Whole steps; the run ends at the first step at or after `until`.
  const long steps = static_cast<long>(std::ceil(until / h - 1e-9));
  const long output_stride = std::max(1L, static_cast<long>(std::lround(output_every / h)));

  const MultibodySystem system = buildSystem(scene);
  const auto start = std::chrono::steady_clock::now();
  Ali3pIntegrator integrator(system, scene.solver);
  std::optional<StateCsv> csv;
  if (!args.csv.empty()) {
    csv.emplace(args.csv, scene);
    csv->write(integrator);
  }
  ProgressBar progress;
  long iterations = 0, substeps = 0;
  int max_iterations = 0;
  double max_violation = integrator.constraintViolation();
  try {
    for (long k = 1; k <= steps; ++k) {
      const StepReport r = integrator.step();
      iterations += r.newton_iterations;
      substeps += r.substeps;
      max_iterations = std::max(max_iterations, r.newton_iterations);
      max_violation = std::max(max_violation, r.constraint_violation);
      if (csv && (k % output_stride == 0 || k == steps)) csv->write(integrator);
      progress.update(static_cast<double>(k) / steps, integrator.state().t);
    }
  } catch (...) {
    progress.finish();
    if (csv) csv->flush();  // the rows up to the failure stay readable
    throw;
  }
  progress.finish();
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double simulated = integrator.state().t;
  const EnergyReport e = integrator.energy();

  nlohmann::json summary = {
      {"scene", args.scene},
      {"steps", steps},
      {"substeps", substeps},
      {"simulated_seconds", simulated},
      {"wall_seconds", wall},
      {"real_time_factor", wall > 0.0 ? simulated / wall : 0.0},
      {"newton_iterations_mean", steps > 0 ? static_cast<double>(iterations) / steps : 0.0},
      {"newton_iterations_max", max_iterations},
      {"max_constraint_violation", max_violation},
      {"time_step", h},
      {"penalty", integrator.penalty()},
      {"coordinates", system.coordinateCount()},
      {"constraints", system.constraintCount()},
      {"energy",
       {{"kinetic", e.kinetic},
        {"gravity", e.gravity},
        {"springs", e.springs},
        {"cable_work", e.cable_work},
        {"load_work", e.load_work},
        {"source_work", e.source_work},
        {"dissipated", e.dissipated},
        {"balance", e.balance()}}},
  };
  if (args.json) {
    std::cout << summary.dump(2) << '\n';
    return;
  }
  std::printf("scene                     %s\n", args.scene.c_str());
  std::printf("steps                     %ld of %.6g s (%ld substeps)\n", steps, h, substeps);
  std::printf("simulated seconds         %.6g\n", simulated);
  std::printf("wall seconds              %.6g (real-time factor %.3g)\n", wall,
              wall > 0.0 ? simulated / wall : 0.0);
  std::printf("Newton iterations         mean %.3g, max %d\n",
              steps > 0 ? static_cast<double>(iterations) / steps : 0.0, max_iterations);
  std::printf("max constraint violation  %.3g\n", max_violation);
  std::printf(
      "energy [J]                kinetic %.6g, gravity %.6g, springs %.6g, cable work %.6g, "
      "load work %.6g, dissipated %.6g, balance %.9g\n",
      e.kinetic, e.gravity, e.springs, e.cable_work, e.load_work, e.dissipated, e.balance());
}

}  // namespace

void addRunCommand(CLI::App& app) {
  auto args = std::make_shared<RunArguments>();
  CLI::App* run = app.add_subcommand("run", "Run a scene headless (ALI3-P dynamics)");
  run->add_option("SCENE", args->scene, "Scene file (JSON)")->required();
  run->add_option("--until", args->until, "Simulate until T seconds (default: solver.end_time)");
  run->add_option("--dt", args->dt, "Time step in seconds (default: solver.time_step)");
  run->add_option("--output-every", args->output_every,
                  "CSV row interval in seconds (default: every step)");
  run->add_option("--csv", args->csv, "Write body states and cables to this CSV file");
  run->add_flag("--json", args->json, "Print the summary as one JSON object");
  run->callback([args] { runScene(*args); });
}

}  // namespace contactsim::cli
