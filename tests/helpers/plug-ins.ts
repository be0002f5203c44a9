import { plugIn } from '@server/plug-ins'

// Tests that call use cases without building an app meet the product's registries as a server has them.
plugIn()
