// Starts the lane. Until the lane UI exists, it says so and points at the local service.
console.log(
  'LaneTerm: the lane UI is not built yet. The local Payment Transaction Service starts with `npm run server -- --demo`.',
);
